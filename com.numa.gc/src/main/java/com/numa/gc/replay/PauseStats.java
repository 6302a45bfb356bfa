package com.numa.gc.replay;

import com.numa.core.stats.Stats;
import java.util.Arrays;

/** Pause-time percentiles (nearest rank) in milliseconds. */
public record PauseStats(double p50Ms, double p99Ms, double maxMs) {
    public static PauseStats of(long[] pausesNs) {
        if (pausesNs.length == 0) {
            return new PauseStats(0, 0, 0);
        }
        return new PauseStats(Stats.percentile(pausesNs, 50) / 1e6, Stats.percentile(pausesNs, 99) / 1e6,
                Arrays.stream(pausesNs).max().getAsLong() / 1e6);
    }
}
