package com.example.stats;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs two actions on two threads taking turns {@code rounds} times each, so their writes alternate however the machine
 * schedules them: the pattern of a hit thread and a miss thread updating one statistics object.
 */
public final class TwoThreads {
    private TwoThreads() {
    }

    public static void takeTurns(int rounds, Runnable first, Runnable second) throws InterruptedException {
        AtomicInteger turn = new AtomicInteger();
        Thread a = new Thread(() -> turns(turn, 0, rounds, first), "hits");
        Thread b = new Thread(() -> turns(turn, 1, rounds, second), "misses");
        a.start();
        b.start();
        a.join();
        b.join();
    }

    private static void turns(AtomicInteger turn, int mine, int rounds, Runnable action) {
        for (int i = 0; i < rounds; i++) {
            while (turn.get() != mine) {
                Thread.yield();
            }
            action.run();
            turn.set(1 - mine);
        }
    }
}
