package com.numa.profiler.groundtruth;

/**
 * One "big" thread and two "small" ones run at the same time, each incrementing its own box's value: the big one
 * 4 * STEPS times, the small ones STEPS times each (a read and a write per step). So a big thread makes four times the
 * accesses of a small one. Each stays alive 500 ms after its work, so that the threads are seen together.
 */
public final class UnevenWorkersProgram {
    static final int STEPS = 100_000;

    static void work(Box box, int steps) {
        for (int i = 0; i < steps; i++) {
            box.value++;
        }
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread big = new Thread(() -> work(new Box(), 4 * STEPS), "big-1");
        Thread small1 = new Thread(() -> work(new Box(), STEPS), "small-1");
        Thread small2 = new Thread(() -> work(new Box(), STEPS), "small-2");
        big.start();
        small1.start();
        small2.start();
        big.join();
        small1.join();
        small2.join();
    }
}
