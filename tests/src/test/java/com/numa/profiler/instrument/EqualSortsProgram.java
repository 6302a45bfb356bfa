package com.numa.profiler.instrument;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Threads one after another, each sorting an equal array of its own: equal work, so equal object accesses. */
public final class EqualSortsProgram {
    public static void main(String[] args) throws InterruptedException {
        int threads = Integer.parseInt(args[0]);
        int length = Integer.parseInt(args[1]);
        long sum = 0;
        long[] results = new long[threads];
        for (int t = 0; t < threads; t++) {
            int slot = t;
            Thread sorter = new Thread(() -> {
                int[] values = new SplittableRandom(slot).ints(length).toArray();
                Arrays.sort(values);
                results[slot] = values[length / 2];
            }, "sorter-" + t);
            sorter.start();
            sorter.join();
            sum += results[slot];
        }
        System.out.println("median-sum=" + sum);
    }
}
