package com.numa.bench.workloads;

/** The optimizer workloads' unit of work: mixed integer work and short-lived allocation, as real programs do. */
final class Churn {
    /**
     * Unused words on each side of the window (128 bytes: a cache line and the pair the prefetcher fetches with it).
     * The collector copies the workers' live windows into survivor space, sometimes right next to each other (seen with
     * JOL: one window ending at the address where the next began), and the line they then share is written by two
     * workers on two CPUs. That false sharing, present or not by where a copy lands, slowed balanced-workers by up to
     * 20 % in some runs and not in others, and any change to the heap's early contents (an agent's classes) moved the
     * odds: the "unexplained loss" under the optimizer of the tenth session.
     */
    private static final int PAD = 16;

    private Churn() {
    }

    /** {@code steps} steps of a 64-bit LCG seeded {@code seed} into a 256-word window; returns a checksum. */
    static long run(long steps, long seed) {
        long x = seed;
        long[] window = new long[PAD + 256 + PAD];
        for (long i = 0; i < steps; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            window[PAD + (int) (i & 255)] ^= x >>> 17;
            if ((i & 1023) == 0) {
                long[] tmp = new long[32]; // young-generation allocation
                tmp[(int) (x & 31)] = x;
                x += tmp[(int) ((x >>> 8) & 31)];
            }
        }
        long s = 0;
        for (long v : window) {
            s += v;
        }
        return s ^ x;
    }
}
