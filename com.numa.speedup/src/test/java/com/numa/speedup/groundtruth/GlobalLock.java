package com.numa.speedup.groundtruth;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Ground truth: all work is done holding one global lock, so N threads take turns; limited by synchronization. The
 * lock is fair so the threads alternate (an unfair lock lets one thread run ahead, which turns waits into imbalance).
 */
public final class GlobalLock {
    static final long TOTAL_UNITS = 1600;
    static final ReentrantLock LOCK = new ReentrantLock(true);

    public static void main(String[] args) throws InterruptedException {
        int n = Work.threads(args);
        Work.onWorkers(n, id -> {
            for (long i = 0; i < TOTAL_UNITS / n; i++) {
                LOCK.lock();
                try {
                    Work.cpu(1);
                } finally {
                    LOCK.unlock();
                }
            }
        });
    }
}
