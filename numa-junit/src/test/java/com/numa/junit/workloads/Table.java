package com.numa.junit.workloads;

/** A lookup table filled once by the thread that makes it, then only read: read-only shared data. */
public final class Table {
    private final int[] values;

    public Table(int size) {
        values = new int[size];
        for (int i = 0; i < size; i++) {
            values[i] = i * 31;
        }
    }

    public long sum() {
        long s = 0;
        for (int v : values) {
            s += v;
        }
        return s;
    }

    /** {@code readers} threads each sum the table {@code rounds} times; returns the grand total. */
    public long readConcurrently(int readers, int rounds) throws InterruptedException {
        long[] totals = new long[readers];
        Thread[] threads = new Thread[readers];
        for (int r = 0; r < readers; r++) {
            int me = r;
            threads[r] = new Thread(() -> {
                long t = 0;
                for (int i = 0; i < rounds; i++) {
                    t += sum();
                }
                totals[me] = t;
            }, "reader-" + r);
            threads[r].start();
        }
        long all = 0;
        for (int r = 0; r < readers; r++) {
            threads[r].join();
            all += totals[r];
        }
        return all;
    }
}
