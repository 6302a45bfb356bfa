package com.numa.profiler.groundtruth;

/**
 * Two threads take turns writing their own block of one long[]: thread 0 elements 0..3, thread 1 elements 4..7 (the
 * blocks meet in the middle of a 64-byte line), ROUNDS times. In a second long[] thread 0 writes element 0 and thread 1
 * element 16, 128 bytes apart: never one line.
 */
public final class AdjacentElementsProgram {
    static final int ROUNDS = 10_000;
    static final int BLOCK = 4;

    public static void main(String[] args) throws InterruptedException {
        long[] blocks = new long[2 * BLOCK];
        Turns turns = new Turns(2);
        Turns.run("blocks", 2, me -> {
            for (int i = 0; i < ROUNDS; i++) {
                turns.await(me);
                for (int k = 0; k < BLOCK; k++) {
                    blocks[me * BLOCK + k] += i;
                }
                turns.pass(me);
            }
        });
        long[] spaced = new long[32];
        Turns turns2 = new Turns(2);
        Turns.run("spaced", 2, me -> {
            for (int i = 0; i < ROUNDS; i++) {
                turns2.await(me);
                spaced[me * 16] += i;
                turns2.pass(me);
            }
        });
        System.out.println(blocks[0] + blocks[BLOCK] + spaced[0] + spaced[16]);
    }
}
