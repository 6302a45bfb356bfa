package com.numa.bench.workloads;

/** All work on the calling (main) thread: the SINGLE_THREADED case. */
final class SingleThreadedLoop {
    private SingleThreadedLoop() {
    }

    static long run(double scale) {
        return Churn.run((long) (1_500_000_000L * scale), 7);
    }
}
