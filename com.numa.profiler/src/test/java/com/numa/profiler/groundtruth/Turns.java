package com.numa.profiler.groundtruth;

/**
 * Makes threads take turns, so that the order of their accesses, and therefore every cache-line invalidation the
 * sharing diagnosis counts, is known exactly whatever the scheduler does: thread {@code k} waits for turn {@code k},
 * does its part, and passes the turn on. On a machine with fewer free CPUs than threads a waiting thread yields.
 * The turn itself is one volatile word written by every thread: a true-sharing issue of its own.
 */
public final class Turns {
    private volatile int turn;
    private final int threads;

    public Turns(int threads) {
        this.threads = threads;
    }

    public void await(int me) {
        int spins = 0;
        while (turn != me) {
            if (++spins % 64 == 0) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }

    public void pass(int me) {
        turn = (me + 1) % threads;
    }

    /** Starts {@code n} threads named {@code prefix-k} running {@code body.run(k)}, and waits for them. */
    public static void run(String prefix, int n, java.util.function.IntConsumer body) throws InterruptedException {
        Thread[] ts = new Thread[n];
        for (int k = 0; k < n; k++) {
            int me = k;
            ts[k] = new Thread(() -> body.accept(me), prefix + "-" + k);
            ts[k].start();
        }
        for (Thread t : ts) {
            t.join();
        }
    }
}
