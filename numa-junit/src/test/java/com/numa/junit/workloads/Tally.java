package com.numa.junit.workloads;

/** A per-thread tally: private when only its maker uses it. */
public final class Tally {
    private long count;

    public void add(long n) {
        count += n;
    }

    public long count() {
        return count;
    }

    /** A thread of its own makes a tally and adds to it {@code n} times; returns the thread, joined. */
    public static Thread countAlone(int n) throws InterruptedException {
        Thread t = new Thread(() -> {
            Tally mine = new Tally();
            for (int i = 0; i < n; i++) {
                mine.add(1);
            }
        }, "tally-owner");
        t.start();
        t.join();
        return t;
    }

    /** This thread makes a tally, then another thread adds to it {@code n} times. */
    public static Tally handedOver(int n) throws InterruptedException {
        Tally shared = new Tally();
        shared.add(1);
        Thread t = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                shared.add(1);
            }
        }, "tally-borrower");
        t.start();
        t.join();
        return shared;
    }
}
