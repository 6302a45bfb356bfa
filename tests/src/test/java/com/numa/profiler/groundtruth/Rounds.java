package com.numa.profiler.groundtruth;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * Worker threads that run in rounds, meeting at a barrier after each one, so that their accesses interleave on any
 * machine (on few CPUs a lock's holder otherwise keeps it for long runs, and the last writer rarely changes).
 */
final class Rounds {
    private Rounds() {
    }

    /** One thread's work in one round. */
    interface Round {
        void run(int thread, int round);
    }

    /** Runs {@code work} {@code rounds} times in each of {@code threads} threads named prefix + t; waits for them. */
    static void run(int threads, int rounds, String prefix, Round work) throws InterruptedException {
        CyclicBarrier barrier = new CyclicBarrier(threads);
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int me = t;
            workers[t] = new Thread(() -> {
                for (int i = 0; i < rounds; i++) {
                    work.run(me, i);
                    try {
                        barrier.await();
                    } catch (InterruptedException | BrokenBarrierException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }, prefix + t);
        }
        for (Thread w : workers) {
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
    }
}
