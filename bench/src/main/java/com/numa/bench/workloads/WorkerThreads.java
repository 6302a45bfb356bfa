package com.numa.bench.workloads;

import java.util.concurrent.CountDownLatch;
import java.util.function.IntToLongFunction;

/**
 * Named worker threads of a workload: the names are what per-thread counters and the optimizer's reports show, so each
 * workload keeps its own prefix.
 */
final class WorkerThreads {
    private WorkerThreads() {
    }

    /**
     * Runs {@code work.applyAsLong(i)} on threads {@code prefix0 .. prefix(count-1)}, released together once all have
     * started (so none has a head start), and returns the sum of their results.
     */
    static long sum(String prefix, int count, IntToLongFunction work) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        long[] results = new long[count];
        Thread[] threads = new Thread[count];
        for (int i = 0; i < count; i++) {
            int k = i;
            threads[i] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                results[k] = work.applyAsLong(k);
            }, prefix + i);
            threads[i].start();
        }
        go.countDown();
        long sum = 0;
        for (int i = 0; i < count; i++) {
            threads[i].join();
            sum += results[i];
        }
        return sum;
    }
}
