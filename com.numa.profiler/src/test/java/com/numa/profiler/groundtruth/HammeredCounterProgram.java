package com.numa.profiler.groundtruth;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Four threads increment one AtomicLong as fast as they can, with no turns: the profiler's word tracking then races as
 * the threads do, which once reported the box's single word as false sharing too.
 */
public final class HammeredCounterProgram {
    static final int THREADS = 4;
    static final int INCREMENTS = 200_000;

    public static void main(String[] args) throws InterruptedException {
        AtomicLong counter = new AtomicLong();
        Thread[] workers = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            workers[t] = new Thread(() -> {
                for (int i = 0; i < INCREMENTS; i++) {
                    counter.incrementAndGet();
                }
            }, "hammer-" + t);
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        if (counter.get() != (long) THREADS * INCREMENTS) {
            throw new AssertionError(counter.get());
        }
    }
}
