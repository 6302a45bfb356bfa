package com.numa.validation;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Threads count events into one synchronized HashMap and one AtomicLong: every update writes state that the other
 * threads write too. Arguments: threads (4), updates per thread (2,000,000).
 */
public final class SynchronizedMapCounter {
    public static void main(String[] args) throws InterruptedException {
        int threads = Args.positive(args, 0, "threads", 4);
        int updates = Args.positive(args, 1, "updates per thread", 2_000_000);
        Map<Integer, Long> counts = Collections.synchronizedMap(new HashMap<>());
        AtomicLong total = new AtomicLong();
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int seed = t;
            workers[t] = new Thread(() -> {
                for (int i = 0; i < updates; i++) {
                    counts.merge((i * 31 + seed) & 1023, 1L, Long::sum);
                    total.incrementAndGet();
                }
            });
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        long sum = counts.values().stream().mapToLong(Long::longValue).sum();
        System.out.println("keys=" + counts.size() + " total=" + total.get() + " consistent=" + (sum == total.get()));
    }
}
