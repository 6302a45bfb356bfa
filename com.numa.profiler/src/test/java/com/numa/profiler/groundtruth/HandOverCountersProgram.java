package com.numa.profiler.groundtruth;

/**
 * Main makes 100 boxes; then one worker alone increments each box's value ROUNDS times (a read and a write each), and
 * main reads the sums after joining it. The boxes change hands once and are never used by two threads at a time:
 * nothing for the sharing diagnosis to follow.
 */
public final class HandOverCountersProgram {
    static final int BOXES = 100;
    static final int ROUNDS = 1000;

    public static void main(String[] args) throws InterruptedException {
        Box[] boxes = new Box[BOXES];
        for (int i = 0; i < BOXES; i++) {
            boxes[i] = new Box();
        }
        Thread worker = new Thread(() -> {
            for (int r = 0; r < ROUNDS; r++) {
                for (Box b : boxes) {
                    b.value += 1;
                }
            }
        }, "worker");
        worker.start();
        worker.join();
        long sum = 0;
        for (Box b : boxes) {
            sum += b.value;
        }
        if (sum != (long) BOXES * ROUNDS) {
            throw new AssertionError(sum);
        }
    }
}
