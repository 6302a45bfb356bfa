package com.numa.profiler.groundtruth;

import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * Four threads each increment their own slot of one {@code long[]} that a {@link Counters} object owns, in one of two
 * layouts (the argument: {@code adjacent} or {@code padded}):
 * <ul>
 *   <li>{@link Layout#ADJACENT}: a {@code long[4]}, 32 bytes, of which at least two slots share a 64-byte cache line
 *       wherever the array starts. Each thread writes only its own slot, yet a write that follows another thread's
 *       write to the line invalidates that thread's copy: false sharing, and shared writes (the line's last writer
 *       changes).</li>
 *   <li>{@link Layout#PADDED}: the slots 128 bytes apart (16 longs), never in one cache line nor in one pair of lines
 *       that an adjacent-line prefetcher fetches together. Nothing is shared but the hand-over of each slot from the
 *       allocating main thread to its counting thread (one shared write per slot) and main's read of the totals at the
 *       end: Data Parallel, no false sharing.</li>
 * </ul>
 * The padded layout is the fix {@code numa diagnose} advises for the adjacent one.
 */
public final class SlotsProgram {
    static final int THREADS = 4;
    /** Enough that a sampled diagnosis (1 access in 1024) sees the threads write the line in turn. */
    static final int INCREMENTS = 1_000_000;
    /** Increments per batch (INCREMENTS is a multiple). */
    static final int BATCH = 4;

    /** How far apart the slots are. */
    public enum Layout {
        ADJACENT(1), PADDED(16);

        /** Longs from one slot to the next. */
        final int stride;

        Layout(int stride) {
            this.stride = stride;
        }

        /** The command-line argument that names it. */
        public String argument() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private SlotsProgram() {
    }

    /** The counts, one per thread, in an array the object makes and keeps. */
    public static final class Counters {
        private final int stride;
        private final long[] slots;

        Counters(Layout layout) {
            stride = layout.stride;
            slots = new long[THREADS * stride];
        }

        /**
         * {@code times} increments of the thread's slot, in batches: between two the thread gives up its CPU, as a
         * thread waiting for its next piece of work would (on a busy machine, threads that never yield barely overlap).
         */
        void count(int thread, int times) {
            for (int done = 0; done < times; done += BATCH) {
                for (int i = 0; i < BATCH; i++) {
                    slots[thread * stride]++;
                }
                Thread.yield();
            }
        }

        long total() {
            long sum = 0;
            for (int t = 0; t < THREADS; t++) {
                sum += slots[t * stride];
            }
            return sum;
        }
    }

    /** Runs the four counting threads to the end; the counters they filled. */
    public static Counters run(Layout layout) throws InterruptedException {
        Counters counters = new Counters(layout);
        Thread[] threads = new Thread[THREADS];
        // all four start counting together, as a pool's workers do: else, on a busy machine, the first could finish
        // before the last has started, and no two would ever write the line in turn
        CountDownLatch go = new CountDownLatch(1);
        for (int t = 0; t < THREADS; t++) {
            int me = t;
            threads[t] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                counters.count(me, INCREMENTS);
            }, "counter-" + t);
            threads[t].start();
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        return counters;
    }

    public static void main(String[] args) throws InterruptedException {
        Layout layout = Layout.valueOf((args.length > 0 ? args[0] : "adjacent").toUpperCase(Locale.ROOT));
        System.out.println(run(layout).total());
    }
}
