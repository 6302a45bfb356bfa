package com.numa.bench.workloads;

import java.util.Arrays;

/** Four equal worker threads (bal-w0..3): balanced parallel work, the case the probe decides on. */
public final class BalancedWorkers implements Workload {
    public static final String NAME = "balanced-workers";
    private static final int WORKERS = 4;
    private final long stepsPerWorker;

    public BalancedWorkers(double scale) {
        stepsPerWorker = (long) (400_000_000L * scale);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public long run() throws InterruptedException {
        long[] steps = new long[WORKERS];
        Arrays.fill(steps, stepsPerWorker);
        return Workloads.onThreads("bal-w", steps);
    }
}
