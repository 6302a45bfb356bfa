package com.numa.profiler.groundtruth;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Two threads take turns incrementing one AtomicLong, ROUNDS times each: every increment but the first finds the
 * other thread's copy of the very word it writes, 2 * ROUNDS - 1 true invalidations in every placement.
 */
public final class SharedCounterProgram {
    static final int ROUNDS = 20_000;

    public static void main(String[] args) throws InterruptedException {
        AtomicLong counter = new AtomicLong();
        Turns turns = new Turns(2);
        Turns.run("counter", 2, me -> {
            for (int i = 0; i < ROUNDS; i++) {
                turns.await(me);
                counter.incrementAndGet();
                turns.pass(me);
            }
        });
        if (counter.get() != 2L * ROUNDS) {
            throw new AssertionError(counter.get());
        }
    }
}
