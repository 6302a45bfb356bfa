package com.numa.validation;

/**
 * A crew of platform threads named {@code heavy-pool-0..N-1}, started together, where the first does most of the work
 * (a big file among small ones): each thread estimates pi from samples of its own, thread 0 from the heavy share of
 * them and the others from an equal part of the rest. Arguments: threads (8), millions of samples in all (400), the heavy
 * thread's share in percent (90).
 */
public final class OneHeavyThread {
    public static void main(String[] args) throws InterruptedException {
        int threads = Args.positive(args, 0, "threads", 8);
        long samples = 1_000_000L * Args.positive(args, 1, "millions of samples in all", 400);
        int heavyPct = Args.positive(args, 2, "heavy thread's share in percent", 90);
        long[] inside = new long[threads];
        Thread[] crew = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int slot = t;
            long mine = OneHeavyTask.share(slot, threads, samples, heavyPct);
            crew[t] = new Thread(() -> inside[slot] = OneHeavyTask.inside(slot, mine), "heavy-pool-" + t);
            crew[t].start();
        }
        long sum = 0;
        for (int t = 0; t < threads; t++) {
            crew[t].join();
            sum += inside[t];
        }
        System.out.println("pi~" + 4.0 * sum / OneHeavyTask.total(threads, samples, heavyPct));
    }
}
