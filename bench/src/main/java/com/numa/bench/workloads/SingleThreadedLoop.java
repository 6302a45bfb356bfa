package com.numa.bench.workloads;

/** All work on the calling (main) thread: the SINGLE_THREADED case. */
public final class SingleThreadedLoop implements Workload {
    public static final String NAME = "single-threaded-loop";
    private final long steps;

    public SingleThreadedLoop(double scale) {
        steps = (long) (1_500_000_000L * scale);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public long run() {
        return Workloads.churn(steps, 7);
    }
}
