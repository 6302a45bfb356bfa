package com.numa.gc.replay;

import java.util.Arrays;

/** Pause-time percentiles (nearest rank) in milliseconds. */
public record PauseStats(double p50Ms, double p99Ms, double maxMs) {
    public static PauseStats of(long[] pausesNs) {
        if (pausesNs.length == 0) {
            return new PauseStats(0, 0, 0);
        }
        long[] s = pausesNs.clone();
        Arrays.sort(s);
        return new PauseStats(rank(s, 50) / 1e6, rank(s, 99) / 1e6, s[s.length - 1] / 1e6);
    }

    private static long rank(long[] sorted, int pct) {
        int r = (int) Math.ceil(pct / 100.0 * sorted.length);
        return sorted[Math.max(0, r - 1)];
    }
}
