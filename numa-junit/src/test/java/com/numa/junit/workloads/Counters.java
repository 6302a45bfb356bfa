package com.numa.junit.workloads;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two counters, each incremented by its own thread: side by side in one cache line ({@link Adjacent}, false sharing),
 * or 128 bytes apart through a class hierarchy ({@link Padded}; the JVM lays a superclass's fields out first, whatever
 * their sizes).
 */
public final class Counters {
    private Counters() {
    }

    /** {@code a} and {@code b} share a cache line. */
    public static final class Adjacent {
        public volatile long a;
        public volatile long b;
    }

    /** {@code a} first, then 16 longs of padding. */
    public static class PaddedA {
        public volatile long a;
    }

    /** The padding: 128 bytes, for CPUs that fetch cache lines in pairs. */
    public static class PaddedGap extends PaddedA {
        long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
    }

    /** {@code b} after the padding. */
    public static final class Padded extends PaddedGap {
        public volatile long b;
    }

    /**
     * One thread increments {@code a} and another {@code b}, taking turns {@code rounds} times each (a turn flag in
     * another object decides whose turn it is), so their writes alternate on any machine, however it schedules them.
     */
    public static void race(Adjacent c, int rounds) throws InterruptedException {
        takeTurns(rounds, () -> c.a++, () -> c.b++);
    }

    /** As {@link #race(Adjacent, int)} on the padded pair. */
    public static void race(Padded c, int rounds) throws InterruptedException {
        takeTurns(rounds, () -> c.a++, () -> c.b++);
    }

    static void takeTurns(int rounds, Runnable first, Runnable second) throws InterruptedException {
        AtomicInteger turn = new AtomicInteger();
        Thread t1 = new Thread(() -> turns(turn, 0, rounds, first), "counter-a");
        Thread t2 = new Thread(() -> turns(turn, 1, rounds, second), "counter-b");
        t1.start();
        t2.start();
        t1.join();
        t2.join();
    }

    private static void turns(AtomicInteger turn, int mine, int rounds, Runnable step) {
        for (int i = 0; i < rounds; i++) {
            await(turn, mine);
            step.run();
            turn.set(1 - mine);
        }
    }

    private static void await(AtomicInteger turn, int mine) {
        while (turn.get() != mine) {
            Thread.yield(); // on one CPU the other thread must run for the turn to come
        }
    }
}
