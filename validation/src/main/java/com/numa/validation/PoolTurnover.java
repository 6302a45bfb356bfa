package com.numa.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Processes batches on a ThreadPoolExecutor whose idle threads time out after 1 ms: while main waits for the next batch
 * (5 ms, as if reading it), the pool's threads end, and the next batch starts new ones, so the pool turns over its
 * threads on every batch. Arguments: threads (2), batches (40), tasks per batch (threads), task size (150,000).
 */
public final class PoolTurnover {
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        int threads = Args.positive(args, 0, "threads", 2);
        int batches = Args.positive(args, 1, "batches", 40);
        int tasks = Args.positive(args, 2, "tasks per batch", threads);
        int size = Args.positive(args, 3, "task size", 150_000);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 1, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        pool.allowCoreThreadTimeOut(true);
        long checksum = 0;
        for (int b = 0; b < batches; b++) {
            Thread.sleep(5);
            checksum += runBatch(pool, b, tasks, size);
        }
        pool.shutdown();
        System.out.println("threads started=" + pool.getLargestPoolSize() + " completed=" + pool.getCompletedTaskCount()
                + " checksum=" + checksum);
    }

    private static long runBatch(ExecutorService pool, int batch, int tasks, int size)
            throws InterruptedException, ExecutionException {
        List<Future<Long>> results = new ArrayList<>();
        for (int t = 0; t < tasks; t++) {
            long seed = (long) batch * tasks + t;
            results.add(pool.submit(() -> histogram(seed, size)));
        }
        long sum = 0;
        for (Future<Long> f : results) {
            sum += f.get();
        }
        return sum;
    }

    /** A task: a histogram of its own generated samples, reduced to the index of its fullest bucket. */
    static long histogram(long seed, int size) {
        int[] buckets = new int[256];
        long x = seed * 0x9E3779B97F4A7C15L + 1;
        for (int i = 0; i < size; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            buckets[(int) (Math.abs(Math.sin(x)) * 255.0)]++;
        }
        int fullest = 0;
        for (int i = 1; i < buckets.length; i++) {
            if (buckets[i] > buckets[fullest]) {
                fullest = i;
            }
        }
        return fullest;
    }
}
