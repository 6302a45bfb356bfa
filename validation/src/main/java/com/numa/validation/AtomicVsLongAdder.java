package com.numa.validation;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Compares one AtomicLong with one LongAdder under the same threads: each thread increments the atomic, then (new
 * threads) the adder, and the program prints both times. Arguments: threads (4), increments per thread (10,000,000).
 */
public final class AtomicVsLongAdder {
    public static void main(String[] args) throws InterruptedException {
        int threads = Args.positive(args, 0, "threads", 4);
        int increments = Args.positive(args, 1, "increments per thread", 10_000_000);
        AtomicLong atomic = new AtomicLong();
        LongAdder adder = new LongAdder();
        long atomicNs = timed(threads, () -> {
            for (int i = 0; i < increments; i++) {
                atomic.incrementAndGet();
            }
        });
        long adderNs = timed(threads, () -> {
            for (int i = 0; i < increments; i++) {
                adder.increment();
            }
        });
        System.out.println("atomic=" + atomic.get() + " in " + atomicNs / 1_000_000 + " ms, adder=" + adder.sum() + " in "
                + adderNs / 1_000_000 + " ms");
    }

    private static long timed(int threads, Runnable body) throws InterruptedException {
        long start = System.nanoTime();
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Thread(body);
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        return System.nanoTime() - start;
    }
}
