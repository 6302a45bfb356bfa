package com.numa.speedup.groundtruth;

/** Ground truth: equal independent CPU work per thread; speedup near N, every delimiter small. */
public final class Scalable {
    static final long TOTAL_UNITS = 1600;

    public static void main(String[] args) throws InterruptedException {
        int n = Work.threads(args);
        Work.onWorkers(n, id -> Work.cpu(TOTAL_UNITS / n));
    }
}
