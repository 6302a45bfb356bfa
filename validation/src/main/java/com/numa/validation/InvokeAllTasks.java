package com.numa.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Estimates pi with equal Monte Carlo tasks handed to a fixed pool with invokeAll; each task draws its own samples
 * into its own array, and main only waits and adds up. Arguments: threads (4), samples per task (8,000,000), tasks
 * (8 per thread).
 */
public final class InvokeAllTasks {
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        int threads = Args.positive(args, 0, "threads", 4);
        int samples = Args.positive(args, 1, "samples per task", 8_000_000);
        int taskCount = Args.positive(args, 2, "tasks", threads * 8);
        List<Callable<Long>> tasks = new ArrayList<>();
        for (int t = 0; t < taskCount; t++) {
            long seed = t;
            tasks.add(() -> insideCircle(seed, samples));
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long inside = 0;
        for (Future<Long> f : pool.invokeAll(tasks)) {
            inside += f.get();
        }
        pool.shutdown();
        System.out.println("pi~" + 4.0 * inside / ((long) taskCount * samples));
    }

    static long insideCircle(long seed, int samples) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] points = new double[4096];
        long inside = 0;
        for (int done = 0; done < samples; done += points.length / 2) {
            int n = 2 * Math.min(points.length / 2, samples - done);
            for (int i = 0; i < n; i++) {
                points[i] = random.nextDouble();
            }
            for (int i = 0; i < n; i += 2) {
                if (points[i] * points[i] + points[i + 1] * points[i + 1] <= 1.0) {
                    inside++;
                }
            }
        }
        return inside;
    }
}
