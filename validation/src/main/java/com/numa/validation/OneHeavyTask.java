package com.numa.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One task per thread of a fixed pool whose threads are named {@code heavy-exec-0..N-1}, handed over with invokeAll
 * while main waits; the first task carries most of the samples, the others an equal part of the rest. Arguments:
 * threads (8), millions of samples in all (400), the heavy task's share in percent (90).
 */
public final class OneHeavyTask {
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        int threads = Args.positive(args, 0, "threads", 8);
        long samples = 1_000_000L * Args.positive(args, 1, "millions of samples in all", 400);
        int heavyPct = Args.positive(args, 2, "heavy task's share in percent", 90);
        AtomicInteger made = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads,
                r -> new Thread(r, "heavy-exec-" + made.getAndIncrement()));
        List<Callable<Long>> tasks = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long seed = t;
            long mine = share(t, threads, samples, heavyPct);
            tasks.add(() -> inside(seed, mine));
        }
        long inside = 0;
        for (Future<Long> f : pool.invokeAll(tasks)) {
            inside += f.get();
        }
        pool.shutdown();
        System.out.println("pi~" + 4.0 * inside / total(threads, samples, heavyPct));
    }

    /** Samples of part {@code k}: part 0 the heavy share, the others an equal part of the rest (at least one each). */
    static long share(int k, int parts, long samples, int heavyPct) {
        long heavy = samples * Math.min(100, heavyPct) / 100;
        return Math.max(1, k == 0 ? heavy : (samples - heavy) / Math.max(1, parts - 1));
    }

    /** InvokeAllTasks' estimate over {@code samples} that may exceed an int, in parts of a billion. */
    static long inside(long seed, long samples) {
        long in = 0;
        for (long done = 0; done < samples; done += 1_000_000_000L) {
            in += InvokeAllTasks.insideCircle(seed + done, (int) Math.min(1_000_000_000L, samples - done));
        }
        return in;
    }

    static long total(int parts, long samples, int heavyPct) {
        long sum = 0;
        for (int k = 0; k < parts; k++) {
            sum += share(k, parts, samples, heavyPct);
        }
        return sum;
    }
}
