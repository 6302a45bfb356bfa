package com.numa.profiler.groundtruth;

/**
 * Constants, a static set once and a mutable static, read by two workers: the enum's constants are static finals, read
 * ROUNDS × 3 times by each worker, which the profiler does not count (the JIT folds them into the code);
 * {@link Settings#favourite} is written by main before the workers start and then only read, ROUNDS × 3 times each
 * (shared reads of read-only data); {@link Latest#seen} is written by main and then by both workers (shared data that
 * is written once shared).
 */
public final class ConstantsProgram implements Runnable {
    public static final int WORKERS = 2;
    public static final int ROUNDS = 1000;

    enum Colour {
        RED, GREEN, BLUE
    }

    static final class Settings {
        static Colour favourite;
    }

    static final class Latest {
        static Object seen;
    }

    private int sum;

    @Override
    public void run() {
        int s = 0;
        for (int r = 0; r < ROUNDS; r++) {
            Colour a = Colour.RED; // static finals: not counted
            Colour b = Colour.GREEN;
            Colour c = Colour.BLUE;
            s += a.ordinal() + b.ordinal() + c.ordinal();
            // 3 shared reads of Settings' statics, owned by main (it wrote them)
            s += Settings.favourite.ordinal() + Settings.favourite.ordinal() + Settings.favourite.ordinal();
            if (r % 10 == 0) {
                Latest.seen = this; // a write to statics another thread has accessed
            }
        }
        sum = s;
    }

    public static void main(String[] args) throws InterruptedException {
        Colour first = Colour.RED; // main initializes Colour (its <clinit> writes the constants)
        Latest.seen = first;
        Settings.favourite = Colour.GREEN;
        Thread[] ts = new Thread[WORKERS];
        for (int i = 0; i < WORKERS; i++) {
            ts[i] = new Thread(new ConstantsProgram(), "worker-" + i);
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
    }
}
