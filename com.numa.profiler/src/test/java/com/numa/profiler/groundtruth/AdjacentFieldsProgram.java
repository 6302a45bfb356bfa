package com.numa.profiler.groundtruth;

/**
 * Two threads take turns writing their own field of one object, ROUNDS times each: in {@link Adjacent} the two longs
 * are neighbours (8 bytes apart, in one 64-byte line in 7 of the 8 places an 8-byte-aligned object can start), in
 * {@link Apart} 128 bytes lie between them (never in one line). Every write but the first finds the other thread's copy
 * of the line: 2 * ROUNDS - 1 false invalidations times the share of placements that put both in one line, and none
 * for {@code Apart}. Nobody writes the other's field: there is no true sharing.
 */
public final class AdjacentFieldsProgram {
    static final int ROUNDS = 20_000;

    /** Declared in order, one size: HotSpot keeps them in that order, {@code b} right after {@code a}. */
    public static final class Adjacent {
        long a;
        long b;
    }

    /** Fifteen longs (120 bytes) between {@code a} and {@code b}: 128 bytes from one to the other. */
    public static final class Apart {
        long a;
        long p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15;
        long b;
    }

    public static void main(String[] args) throws InterruptedException {
        Adjacent adjacent = new Adjacent();
        Turns turns = new Turns(2);
        Turns.run("adjacent", 2, me -> {
            for (int i = 0; i < ROUNDS; i++) {
                turns.await(me);
                if (me == 0) {
                    adjacent.a = i;
                } else {
                    adjacent.b = i;
                }
                turns.pass(me);
            }
        });
        Apart apart = new Apart();
        Turns turns2 = new Turns(2);
        Turns.run("apart", 2, me -> {
            for (int i = 0; i < ROUNDS; i++) {
                turns2.await(me);
                if (me == 0) {
                    apart.a = i;
                } else {
                    apart.b = i;
                }
                turns2.pass(me);
            }
        });
        System.out.println(adjacent.a + adjacent.b + apart.a + apart.b + apart.p1);
    }
}
