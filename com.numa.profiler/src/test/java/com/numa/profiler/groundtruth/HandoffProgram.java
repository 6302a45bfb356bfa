package com.numa.profiler.groundtruth;

/**
 * Main allocates 100 boxes; one worker writes each once, then reads each ROUNDS times. Owner = last writer: the worker
 * owns the boxes after its write, so its box reads are private. Owner = allocator: main owns them forever, so all
 * 100 * ROUNDS box reads are shared. Box writes are 100 shared writes under both.
 */
public final class HandoffProgram implements Runnable {
    static final int BOXES = 100;
    static final int ROUNDS = 30;
    private final Box[] boxes;

    HandoffProgram(Box[] boxes) {
        this.boxes = boxes;
    }

    @Override
    public void run() {
        Box[] bs = boxes;
        for (int i = 0; i < BOXES; i++) {
            bs[i].ref = this;
        }
        int n = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = 0; i < BOXES; i++) {
                if (bs[i].ref != null) {
                    n++;
                }
            }
        }
        if (n < 0) {
            System.out.println(n);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Box[] boxes = new Box[BOXES];
        for (int i = 0; i < BOXES; i++) {
            boxes[i] = new Box();
        }
        Thread t = new Thread(new HandoffProgram(boxes), "worker");
        t.start();
        t.join();
    }
}
