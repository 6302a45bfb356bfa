package com.numa.bench.workloads;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Eight concurrent worker threads (imb-w0..7) where imb-w0 retires 70% of the work and the other seven 30% between
 * them, paced to imb-w0's progress so the skew holds in every interval (not just in total): 8 workers above the 4%
 * share, imbalance about 170% — the EMBARRASSINGLY_IMBALANCED case.
 */
final class ImbalancedWorkers {
    private static final int WORKERS = 8;
    private static final int CHUNKS = 400;

    private ImbalancedWorkers() {
    }

    static long run(double scale) throws InterruptedException {
        long total = (long) (1_200_000_000L * scale);
        long bigChunk = total * 7 / 10 / CHUNKS;
        long smallChunk = total * 3 / 10 / (WORKERS - 1) / CHUNKS;
        AtomicLong leaderChunks = new AtomicLong();
        return WorkerThreads.sum("imb-w", WORKERS, k -> {
            long sum = 0;
            for (int c = 0; c < CHUNKS; c++) {
                if (k == 0) {
                    sum += Churn.run(bigChunk, c + 1);
                    leaderChunks.incrementAndGet();
                } else {
                    while (leaderChunks.get() < c) {
                        pause(); // keep pace with the leader so every interval shows the skew
                    }
                    sum += Churn.run(smallChunk, k * 1000L + c);
                }
            }
            return sum;
        });
    }

    private static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
