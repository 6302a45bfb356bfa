package com.numa.profiler.groundtruth;

/**
 * A known object graph made by two threads, for -XX:NUMAProfilerTrace. Main allocates an array of SHARED boxes (held
 * by the static {@link #ROOT}), then two workers; each worker links CHAIN boxes of its own into a chain
 * (box.ref = previous box, the first one's ref = null), reads every shared box ROUNDS times and hangs its chain's
 * head on shared box {@code id}. Then main runs one explicit GC.
 */
public final class TraceProgram implements Runnable {
    public static final int SHARED = 50;
    public static final int CHAIN = 40;
    public static final int ROUNDS = 10;
    static Box[] ROOT;
    private final Box[] shared;
    private final int id;

    TraceProgram(Box[] shared, int id) {
        this.shared = shared; // a store into this before its allocation is recorded
        this.id = id;
    }

    @Override
    public void run() {
        Box[] s = shared; // 1 read of this
        Box head = null;
        for (int j = 0; j < CHAIN; j++) {
            Box b = new Box();
            b.ref = head; // CHAIN writes and stores
            head = b;
        }
        int n = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = 0; i < SHARED; i++) {
                if (s[i].ref == null) { // a read of the array and a read of the box
                    n++;
                }
            }
        }
        s[id].ref = head; // a read of the array, a write and a store into the box
        if (n < 0) {
            System.out.println(n);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Box[] shared = new Box[SHARED];
        ROOT = shared; // a root
        for (int i = 0; i < SHARED; i++) {
            shared[i] = new Box(); // SHARED writes of the array and stores
        }
        Thread a = new Thread(new TraceProgram(shared, 0), "tracer-0");
        Thread b = new Thread(new TraceProgram(shared, 1), "tracer-1");
        a.start();
        a.join(); // one after the other, so that the shared boxes' reads see null refs only before the stores
        b.start();
        b.join();
        System.gc();
    }
}
