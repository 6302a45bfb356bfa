package com.numa.speedup;

import java.util.Map;
import java.util.Optional;

/**
 * Spots an application that ignores its thread-count argument: then every run is the same program and the stack
 * is meaningless. A run time that stays flat is not enough on its own (a global-lock program also keeps its run
 * time), so the number of worker threads JFR saw must stay flat too.
 */
final class IgnoredThreadCount {
    /** Run times within this fraction of the baseline count as unchanged. */
    static final double FLAT = 0.10;

    private IgnoredThreadCount() {
    }

    /** A one-line warning when the thread count probably had no effect, keyed by thread count. */
    static Optional<String> check(Map<Integer, Long> wallNs, Map<Integer, Integer> workerCounts) {
        Long baseline = wallNs.get(1);
        if (baseline == null || baseline <= 0 || wallNs.size() < 2) {
            return Optional.empty();
        }
        boolean flatTime = wallNs.values().stream().allMatch(t -> Math.abs(t - baseline) <= FLAT * baseline);
        boolean flatThreads = workerCounts.values().stream().distinct().count() <= 1;
        if (flatTime && flatThreads) {
            return Optional.of("warning: the run time and the number of worker threads (" + workerCounts.get(1)
                    + ") do not change with the thread count: the application probably ignores the {threads} argument");
        }
        return Optional.empty();
    }
}
