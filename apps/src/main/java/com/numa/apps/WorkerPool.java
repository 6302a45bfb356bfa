package com.numa.apps;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntToLongFunction;

/**
 * The drivers' worker threads, started once at set-up (outside every iteration, so thread creation is not measured)
 * and named {@code <application>-worker-N}, so a characterization's thread table reads as the application's.
 */
final class WorkerPool implements AutoCloseable {
    private final ExecutorService executor;
    private final int threads;

    WorkerPool(String application, int threads) {
        this.threads = threads;
        AtomicInteger n = new AtomicInteger();
        executor = Executors.newFixedThreadPool(threads, r -> new Thread(r, application + "-worker-" + n.incrementAndGet()));
    }

    int threads() {
        return threads;
    }

    ExecutorService executor() {
        return executor;
    }

    /**
     * Runs {@code tasks} tasks, task {@code i} computing {@code task.applyAsLong(i)}, taken from a shared counter by
     * every worker (a work queue, as DaCapo's multi-threaded benchmarks do), and returns the sum of their results.
     */
    long sumOver(int tasks, IntToLongFunction task) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        List<Future<Long>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            parts.add(executor.submit(() -> {
                long sum = 0;
                for (int i = next.getAndIncrement(); i < tasks; i = next.getAndIncrement()) {
                    sum += task.applyAsLong(i);
                }
                return sum;
            }));
        }
        long total = 0;
        for (Future<Long> f : parts) {
            try {
                total += f.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("a worker failed: " + e.getCause(), e.getCause());
            }
        }
        return total;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
