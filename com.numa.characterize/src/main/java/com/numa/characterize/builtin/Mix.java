package com.numa.characterize.builtin;

/**
 * The deterministic arithmetic all workloads share: a SplitMix64 step for seeds and digests, and a burn of pure
 * arithmetic for CPU time that the profiler does not see (no object accesses), so a workload can add CPU work without
 * changing its shares of shared accesses.
 */
final class Mix {
    private Mix() {
    }

    /** One SplitMix64 step: a well-spread successor of {@code x}. */
    static long next(long x) {
        long z = x + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** {@code rounds} SplitMix64 steps from {@code x}: CPU time without memory traffic. */
    static long burn(long x, long rounds) {
        long z = x;
        for (long r = 0; r < rounds; r++) {
            z = next(z);
        }
        return z;
    }
}
