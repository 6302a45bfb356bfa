package com.numa.speedup;

import java.util.Map;
import java.util.Optional;

/**
 * Spots an application that ignores its thread-count argument: then every run is the same program and the stack
 * is meaningless. A run time that does not go down is not enough on its own (a global-lock program does not speed
 * up either), so the number of worker threads JFR saw must stay flat too. Slower counts as not faster: neighbours on a
 * loaded machine only ever add time.
 */
final class IgnoredThreadCount {
    /** A run this fraction faster than the baseline, or more, counts as a speed-up. */
    static final double FLAT = 0.25;

    private IgnoredThreadCount() {
    }

    /** A one-line warning when the thread count probably had no effect, keyed by thread count. */
    static Optional<String> check(Map<Integer, Long> wallNs, Map<Integer, Integer> workerCounts) {
        Long baseline = wallNs.get(1);
        if (baseline == null || baseline <= 0 || wallNs.size() < 2) {
            return Optional.empty();
        }
        boolean notFaster = wallNs.values().stream().allMatch(t -> t >= (1 - FLAT) * baseline);
        boolean flatThreads = workerCounts.values().stream().distinct().count() <= 1;
        if (notFaster && flatThreads) {
            return Optional.of("warning: neither the run time nor the number of worker threads (" + workerCounts.get(1)
                    + ") goes down or up with the thread count: the application probably ignores the {threads} argument");
        }
        return Optional.empty();
    }
}
