package com.numa.profiler.groundtruth;

/**
 * The main thread fills 100 boxes; 3 readers then read each box ROUNDS times. Every reader access is a shared read
 * (owner = main under both policies, nobody else writes): 3 * (1 + 2 * 100 * ROUNDS) shared reads, no shared writes.
 */
public final class OneWriterReadersProgram implements Runnable {
    static final int READERS = 3;
    static final int BOXES = 100;
    static final int ROUNDS = 50;
    private final Box[] boxes;
    private int found;

    OneWriterReadersProgram(Box[] boxes) {
        this.boxes = boxes;
    }

    @Override
    public void run() {
        Box[] bs = boxes; // 1 shared read
        int n = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = 0; i < BOXES; i++) {
                Box b = bs[i]; // shared read of main's array
                if (b.ref != null) { // shared read of main's box
                    n++;
                }
            }
        }
        found = n;
    }

    public static void main(String[] args) throws InterruptedException {
        Box[] boxes = new Box[BOXES];
        for (int i = 0; i < BOXES; i++) {
            Box b = new Box();
            b.ref = new Object();
            boxes[i] = b;
        }
        Thread[] ts = new Thread[READERS];
        for (int i = 0; i < READERS; i++) {
            ts[i] = new Thread(new OneWriterReadersProgram(boxes), "reader-" + i);
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
    }
}
