package com.numa.speedup.groundtruth;

/** Ground truth: worker 0 gets three shares of the work, the others one each; limited by imbalance. */
public final class Skewed {
    static final long TOTAL_UNITS = 1600;

    public static void main(String[] args) throws InterruptedException {
        int n = Work.threads(args);
        long share = TOTAL_UNITS / (n + 2);
        Work.onWorkers(n, id -> Work.cpu(id == 0 ? TOTAL_UNITS - (n - 1) * share : share));
    }
}
