package com.numa.bench.workloads;

/** The optimizer workloads' unit of work: mixed integer work and short-lived allocation, as real programs do. */
final class Churn {
    private Churn() {
    }

    /** {@code steps} steps of a 64-bit LCG seeded {@code seed} into a 256-word window; returns a checksum. */
    static long run(long steps, long seed) {
        long x = seed;
        long[] window = new long[256];
        for (long i = 0; i < steps; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            window[(int) (i & 255)] ^= x >>> 17;
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
