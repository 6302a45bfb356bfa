package com.numa.validation;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Starts a new thread per piece of work, a wave at a time: every thread sorts an array of its own (about 50 ms) and
 * ends, so no thread lives long but the waves keep every CPU busy. Arguments: threads per wave (2), waves (30), array
 * length (400,000).
 */
public final class ShortLivedThreads {
    public static void main(String[] args) throws InterruptedException {
        int threads = Args.positive(args, 0, "threads per wave", 2);
        int waves = Args.positive(args, 1, "waves", 30);
        int length = Args.positive(args, 2, "array length", 400_000);
        long[] results = new long[threads * waves];
        for (int wave = 0; wave < waves; wave++) {
            Thread[] wavefront = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int slot = wave * threads + t;
                wavefront[t] = new Thread(() -> results[slot] = sortAndSample(slot, length));
                wavefront[t].start();
            }
            for (Thread w : wavefront) {
                w.join();
            }
        }
        System.out.println("threads=" + results.length + " checksum=" + Arrays.stream(results).sum());
    }

    static long sortAndSample(long seed, int length) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] values = new int[length];
        for (int i = 0; i < length; i++) {
            values[i] = random.nextInt();
        }
        Arrays.sort(values);
        long sample = 0;
        for (int i = 0; i < length; i += 1024) {
            sample += values[i];
        }
        return sample;
    }
}
