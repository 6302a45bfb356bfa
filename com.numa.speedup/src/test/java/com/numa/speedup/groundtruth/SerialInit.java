package com.numa.speedup.groundtruth;

/** Ground truth: the main thread works alone (set-up) before a short, perfectly parallel phase; limited by initialization. */
public final class SerialInit {
    static final long SERIAL_UNITS = 1000;
    static final long PARALLEL_UNITS = 600;

    public static void main(String[] args) throws InterruptedException {
        int n = Work.threads(args);
        Work.cpu(SERIAL_UNITS);
        Work.onWorkers(n, id -> Work.cpu(PARALLEL_UNITS / n));
    }
}
