package com.numa.profiler.groundtruth;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counters as a user writes them, four platform threads counting as fast as they can with no turns:
 * {@code slots}: each thread increments its own element of one {@code long[4]} field (false sharing: the four
 * elements fill half a cache line); {@code shared}: every thread increments one {@code AtomicLong} (true sharing).
 * Arguments: the mode and the increments per thread. numa diagnose's default and {@code --exact} must find the same
 * issue; bench/diagnose-cost.sh times the program alone and under both.
 */
public final class CountingThreadsProgram {
    static final int THREADS = 4;

    private final long[] slots = new long[THREADS];
    private final AtomicLong shared = new AtomicLong();

    public static void main(String[] args) throws InterruptedException {
        String mode = args.length > 0 ? args[0] : "slots";
        long increments = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
        CountingThreadsProgram p = new CountingThreadsProgram();
        Thread[] workers = new Thread[THREADS];
        // the four start counting together, as a pool's workers do: a sampled run is so fast that, started one by one
        // on a busy machine, the first could finish before the last began
        CountDownLatch go = new CountDownLatch(1);
        for (int t = 0; t < THREADS; t++) {
            int me = t;
            Runnable work = switch (mode) {
                case "slots" -> () -> p.countOwnSlot(me, increments);
                case "shared" -> () -> p.countShared(increments);
                default -> throw new IllegalArgumentException("mode: slots or shared, not " + mode);
            };
            workers[t] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                work.run();
            }, "counter-" + t);
            workers[t].start();
        }
        go.countDown();
        for (Thread w : workers) {
            w.join();
        }
        long total = p.shared.get();
        for (long s : p.slots) {
            total += s;
        }
        if (total != THREADS * increments) {
            throw new AssertionError(total + " counted, " + THREADS * increments + " expected");
        }
        System.out.println(mode + ": " + total);
    }

    private void countOwnSlot(int me, long increments) {
        for (long i = 0; i < increments; i++) {
            slots[me]++;
        }
    }

    private void countShared(long increments) {
        for (long i = 0; i < increments; i++) {
            shared.incrementAndGet();
        }
    }
}
