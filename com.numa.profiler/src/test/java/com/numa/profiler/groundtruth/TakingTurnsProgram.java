package com.numa.profiler.groundtruth;

import java.util.concurrent.CyclicBarrier;

/** Two writers take turns writing the same 100 boxes, ROUNDS rounds: every box write is a shared write. */
public final class TakingTurnsProgram implements Runnable {
    static final int BOXES = 100;
    static final int ROUNDS = 20;
    private final Box[] boxes;
    private final CyclicBarrier barrier;
    private final int me;

    TakingTurnsProgram(Box[] boxes, CyclicBarrier barrier, int me) {
        this.boxes = boxes;
        this.barrier = barrier;
        this.me = me;
    }

    @Override
    public void run() {
        Box[] bs = boxes;
        CyclicBarrier b = barrier;
        try {
            for (int r = 0; r < ROUNDS; r++) {
                if (r % 2 == me) {
                    for (int i = 0; i < BOXES; i++) {
                        bs[i].ref = bs;
                    }
                }
                b.await();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Box[] boxes = new Box[BOXES];
        for (int i = 0; i < BOXES; i++) {
            boxes[i] = new Box();
        }
        CyclicBarrier barrier = new CyclicBarrier(2);
        Thread a = new Thread(new TakingTurnsProgram(boxes, barrier, 0), "writer-0");
        Thread b = new Thread(new TakingTurnsProgram(boxes, barrier, 1), "writer-1");
        a.start();
        b.start();
        a.join();
        b.join();
    }
}
