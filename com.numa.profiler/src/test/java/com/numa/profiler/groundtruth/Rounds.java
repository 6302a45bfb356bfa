package com.numa.profiler.groundtruth;


/**
 * Worker threads that run in rounds, meeting at a barrier after each one, so that their accesses interleave on any
 * machine (on few CPUs a lock's holder otherwise keeps it for long runs, and the last writer rarely changes). The
 * barrier is a monitor and two primitive fields, not a JDK class: a profiler that sees neither primitives nor the JDK
 * sees no dependency through it either, so only the program's own work decides what such a profiler reports.
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
        Barrier barrier = new Barrier(threads);
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int me = t;
            workers[t] = new Thread(() -> {
                for (int i = 0; i < rounds; i++) {
                    work.run(me, i);
                    barrier.await();
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

    /** Every party waits until all have arrived; then the next round begins. */
    private static final class Barrier {
        private final int parties;
        private int arrived;
        private long generation;

        Barrier(int parties) {
            this.parties = parties;
        }

        synchronized void await() {
            long g = generation;
            if (++arrived == parties) {
                arrived = 0;
                generation++;
                notifyAll();
                return;
            }
            while (g == generation) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }
}
