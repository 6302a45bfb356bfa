package com.numa.bench.workloads;

/** Four equal worker threads (bal-w0..3): balanced parallel work, the case the probe decides on. */
final class BalancedWorkers {
    private static final int WORKERS = 4;

    private BalancedWorkers() {
    }

    static long run(double scale) throws InterruptedException {
        long stepsPerWorker = (long) (400_000_000L * scale);
        return WorkerThreads.sum("bal-w", WORKERS, k -> Churn.run(stepsPerWorker, k + 1));
    }
}
