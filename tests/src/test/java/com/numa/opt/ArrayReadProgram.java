package com.numa.opt;

/**
 * A memory-reading program whose right answer is known exactly: the main thread first-touches a {@code long[]} of
 * 4 Mi elements (32 MiB, element i holds i), then {@code args[1]} reader threads (default 1) sum it over and over for
 * {@code args[0]} ms; it prints {@code sum=<one pass's sum>} (8,796,090,925,056) and how many passes ran.
 */
public final class ArrayReadProgram {
    static final int LENGTH = 4 << 20;

    private ArrayReadProgram() {
    }

    public static void main(String[] args) throws Exception {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
        int readers = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        long[] data = new long[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            data[i] = i;
        }
        long[] sums = new long[readers];
        long[] passes = new long[readers];
        Thread[] threads = new Thread[readers];
        for (int r = 0; r < readers; r++) {
            int me = r;
            threads[r] = new Thread(() -> {
                do {
                    long s = 0;
                    for (long v : data) {
                        s += v;
                    }
                    sums[me] = s;
                    passes[me]++;
                } while (System.nanoTime() < end);
            }, "reader-" + r);
            threads[r].start();
        }
        long total = 0;
        for (int r = 0; r < readers; r++) {
            threads[r].join();
            total += passes[r];
            if (sums[r] != sums[0]) {
                throw new IllegalStateException("readers disagree: " + sums[r] + " vs " + sums[0]);
            }
        }
        System.out.println("sum=" + sums[0]);
        System.out.println("passes=" + total);
    }
}
