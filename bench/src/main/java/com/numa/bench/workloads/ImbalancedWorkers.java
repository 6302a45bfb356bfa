package com.numa.bench.workloads;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Eight concurrent worker threads (imb-w0..7) where imb-w0 retires 70% of the work and the other seven 30% between
 * them, paced to imb-w0's progress so the skew holds in every interval (not just in total): 8 workers above the 4%
 * share, imbalance about 170% — the EMBARRASSINGLY_IMBALANCED case.
 */
public final class ImbalancedWorkers implements Workload {
    public static final String NAME = "imbalanced-workers";
    private static final int WORKERS = 8;
    private static final int CHUNKS = 400;
    private final long total;

    public ImbalancedWorkers(double scale) {
        total = (long) (1_200_000_000L * scale);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public long run() throws InterruptedException {
        long bigChunk = total * 7 / 10 / CHUNKS;
        long smallChunk = total * 3 / 10 / (WORKERS - 1) / CHUNKS;
        AtomicLong leaderChunks = new AtomicLong();
        long[] results = new long[WORKERS];
        Thread[] ts = new Thread[WORKERS];
        for (int i = 0; i < WORKERS; i++) {
            int k = i;
            ts[i] = new Thread(() -> {
                long sum = 0;
                for (int c = 0; c < CHUNKS; c++) {
                    if (k == 0) {
                        sum += Workloads.churn(bigChunk, c + 1);
                        leaderChunks.incrementAndGet();
                    } else {
                        while (leaderChunks.get() < c) {
                            pause(); // keep pace with the leader so every interval shows the skew
                        }
                        sum += Workloads.churn(smallChunk, k * 1000L + c);
                    }
                }
                results[k] = sum;
            }, "imb-w" + i);
            ts[i].start();
        }
        long sum = 0;
        for (int i = 0; i < WORKERS; i++) {
            ts[i].join();
            sum += results[i];
        }
        return sum;
    }

    private static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
