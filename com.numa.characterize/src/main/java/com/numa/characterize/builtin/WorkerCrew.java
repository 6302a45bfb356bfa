package com.numa.characterize.builtin;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.function.IntToLongFunction;

/**
 * Persistent worker threads ({@code <workload>-worker-<n>}, n from 0) started once before the first iteration and
 * ended by {@link #close()}: per-thread counters then see one stable set of workers across all iterations, as they see
 * a real application's thread pool, instead of fresh threads whose counts start anew every iteration.
 *
 * <p>Main hands every worker the same task for a round and waits (parked, so it adds no work of its own) until all
 * are done. Results travel in a {@code long[]}: primitives are invisible to the profiler, so the hand-off adds only
 * a few object accesses per round to the workload's own.
 */
final class WorkerCrew implements AutoCloseable {
    private final Thread[] workers;
    private final long[] results;
    private final CyclicBarrier start;
    private final CyclicBarrier done;
    private volatile IntToLongFunction task;
    private volatile boolean closing;
    private volatile Throwable failure;

    WorkerCrew(String workload, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("a crew needs at least one worker, not " + count);
        }
        workers = new Thread[count];
        results = new long[count];
        start = new CyclicBarrier(count + 1);
        done = new CyclicBarrier(count + 1);
        for (int k = 0; k < count; k++) {
            int index = k;
            workers[k] = new Thread(() -> serve(index), workload + "-worker-" + k);
            workers[k].setDaemon(true); // a failing main must not hang on its workers
            workers[k].start();
        }
    }

    int size() {
        return workers.length;
    }

    /** Runs {@code work.applyAsLong(k)} on worker k, for every worker at once, and returns their results by index. */
    long[] round(IntToLongFunction work) throws InterruptedException {
        if (closing) {
            throw new IllegalStateException("the crew is closed");
        }
        task = work;
        await(start);
        await(done);
        Throwable f = failure;
        if (f != null) {
            throw new IllegalStateException("a worker failed: " + f, f);
        }
        return results.clone();
    }

    /** Runs {@code work} on every worker and returns the sum of their results. */
    long sum(IntToLongFunction work) throws InterruptedException {
        long sum = 0;
        for (long r : round(work)) {
            sum += r;
        }
        return sum;
    }

    /** Ends the workers and waits for them; interrupted, it keeps the flag and leaves them (they are daemons). */
    @Override
    public void close() {
        if (closing) {
            return;
        }
        closing = true;
        try {
            await(start);
            for (Thread t : workers) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void serve(int index) {
        try {
            while (true) {
                start.await();
                if (closing) {
                    return;
                }
                try {
                    results[index] = task.applyAsLong(index);
                } catch (Throwable e) {
                    failure = e;
                }
                done.await();
            }
        } catch (InterruptedException | BrokenBarrierException e) {
            // main gave up on the crew; nothing is left to hand back
        }
    }

    private static void await(CyclicBarrier barrier) throws InterruptedException {
        try {
            barrier.await();
        } catch (BrokenBarrierException e) {
            throw new IllegalStateException("a worker left the crew", e);
        }
    }
}
