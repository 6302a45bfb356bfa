package com.numa.opt;

import java.util.concurrent.atomic.LongAdder;

/**
 * A CPU-bound parallel program that allocates nothing and reports no progress (the shape of ParallelSum): {@code args[0]} threads spin for {@code args[1]} ms, then it prints {@code passes=<n>}.
 */
public final class ParallelSpinProgram {
    private ParallelSpinProgram() {
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = Integer.parseInt(args[0]);
        long deadline = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000L;
        LongAdder passes = new LongAdder();
        long[] sinks = new long[threads];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers[t] = new Thread(() -> {
                long x = 0;
                do {
                    for (int i = 0; i < 1_000_000; i++) {
                        x += (i * 31L) ^ (x >>> 3);
                    }
                    passes.increment();
                } while (System.nanoTime() < deadline);
                sinks[id] = x;
            }, "spin-worker-" + t);
            workers[t].start();
        }
        long sum = 0;
        for (int t = 0; t < threads; t++) {
            workers[t].join();
            sum += sinks[t];
        }
        System.out.println("passes=" + passes.sum() + " checksum=" + (sum == 42 ? 0 : 1));
    }
}
