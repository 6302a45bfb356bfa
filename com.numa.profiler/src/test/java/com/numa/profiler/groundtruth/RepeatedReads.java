package com.numa.profiler.groundtruth;

/**
 * Field reads that compiled code makes only once, and their look-alikes that it must make again (see the profiler's
 * UnhookedReads): each method says how many of its reference-field reads keep their hook, out of how many it makes.
 */
public final class RepeatedReads {
    /** Reads of instance fields that {@link #compute} makes and that keep their hook. */
    public static final int HOOKED = 27;
    /** Reads of instance fields that {@link #compute} makes in all: 8 are repeats. */
    public static final int MADE = 35;

    static Object[] shared = {"x", null, "z"};
    private final RepeatedReads next;
    private Object[] items;
    private int counter;
    private volatile Object[] published;

    private RepeatedReads(RepeatedReads next) {
        this.next = next;
        this.items = new Object[] {"a", null, "c", "d"};
        this.published = new Object[1];
    }

    private static int one() {
        return 1;
    }

    /** 1 of 2: the second read repeats the first, nothing between. */
    private int twiceInBlock() {
        Object[] a = items;
        Object[] b = items;
        return a.length + b.length;
    }

    /** 2 of 2: a call between may change the field. */
    private int twiceAroundCall() {
        Object[] a = items;
        int n = one();
        Object[] b = items;
        return a.length + n + b.length;
    }

    /** 2 of 2: a store to a field of that name between (of {@code o}, which may be this object). */
    private int twiceAroundStore(RepeatedReads o) {
        Object[] a = items;
        o.items = a;
        Object[] b = items;
        return a.length + b.length;
    }

    /** 3 of 3: a volatile read between orders the second read after it. */
    private int twiceAroundVolatile() {
        Object[] a = items;
        Object[] p = published;
        Object[] b = items;
        return a.length + p.length + b.length;
    }

    /** 2 of 2: two paths join between (the second read is not always preceded by the first in compiled code's eyes). */
    private int twiceAroundJoin(boolean flag) {
        Object[] a = items;
        int n = flag ? 1 : 2;
        Object[] b = items;
        return a.length + n + b.length;
    }

    /**
     * 1 of 3: each early return leaves one way into the code after it, the jump, so the reads there repeat the first
     * (Lucene's unrolled readVInt reads its buffer so; the store to another field between changes nothing).
     */
    private int afterEarlyReturns() {
        Object[] a = items;
        if (a[1] != null) {
            return 1;
        }
        counter++;
        Object[] b = items;
        if (b[2] == null) {
            return 2;
        }
        Object[] c = items;
        return 3 + c.length;
    }

    /** 2 of 2: the code after the if is reached from the jump and from the branch above it. */
    private int twiceAroundIf(boolean flag) {
        Object[] a = items;
        int n = 0;
        if (flag) {
            n = 1;
        }
        Object[] b = items;
        return a.length + n + b.length;
    }

    /** 2 of 2: two jumps lead to the second read (either condition fails): the rule follows only one way in. */
    private int twiceAfterTwoJumps(boolean flag) {
        Object[] a = items;
        if (flag && a[1] != null) {
            return 0;
        }
        Object[] b = items;
        return a.length + b.length;
    }

    /** 0 of 4: the loop changes nothing, so its read of items is made once, before it. */
    private int countInvariant() {
        int n = 0;
        for (int i = 0; i < 4; i++) {
            n += items[i] != null ? 1 : 0;
        }
        return n;
    }

    /** 4 of 4: the loop calls a method. */
    private int countWithCall() {
        int n = 0;
        for (int i = 0; i < 4; i++) {
            n += items[i] != null ? one() : 0;
        }
        return n;
    }

    /** 3 of 3 (a chain of 3): the receiver changes every round. */
    private int chainLength() {
        int k = 0;
        for (RepeatedReads r = this; r != null; r = r.next) {
            k++;
        }
        return k;
    }

    /** No hook for the 3 reads of the plain static: an invariant of the loop. */
    private static int countShared() {
        int n = 0;
        int i = 0;
        while (i < 3) {
            if (shared[i++] != null) {
                n++;
            }
        }
        return n;
    }

    /** 2 of 2: the loop stores the field. */
    private int storeInLoop() {
        int n = 0;
        for (int i = 0; i < 2; i++) {
            Object[] a = items;
            items = a;
            n += a.length;
        }
        return n;
    }

    /** 3 of 4: this.next is read twice (the second repeats), but next.items' receiver is computed, not a local. */
    private int computedReceiver() {
        return next.items.length + next.items.length;
    }

    public static long compute() {
        RepeatedReads r = new RepeatedReads(new RepeatedReads(new RepeatedReads(null)));
        long sum = r.twiceInBlock();
        sum = sum * 31 + r.twiceAroundCall();
        sum = sum * 31 + r.twiceAroundStore(r);
        sum = sum * 31 + r.twiceAroundVolatile();
        sum = sum * 31 + r.twiceAroundJoin(true);
        sum = sum * 31 + r.afterEarlyReturns();
        sum = sum * 31 + r.twiceAroundIf(true);
        sum = sum * 31 + r.twiceAfterTwoJumps(false);
        sum = sum * 31 + r.countInvariant();
        sum = sum * 31 + r.countWithCall();
        sum = sum * 31 + r.chainLength();
        sum = sum * 31 + countShared();
        sum = sum * 31 + r.storeInLoop();
        return sum * 31 + r.computedReceiver();
    }
}
