package com.numa.profiler.groundtruth;

import java.util.concurrent.locks.LockSupport;

/**
 * THREADS threads each compute for a while, then park for a microsecond, PARKS times: every park is a wait the JVM
 * counts (each wake-up may land on another CPU or node), and the threads are runnable together most of the time.
 * Each then stays alive for a few of the diagnosis's 100 ms sampling intervals (one sleep: one more wait), so the
 * sampler's last reading of it comes after its last park: a thread's counts are its last reading.
 */
public final class ParkingWorkersProgram {
    static final int THREADS = 3;
    public static final int PARKS = 3000;
    static final long TAIL_MS = 400;
    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        Turns.run("parker", THREADS, me -> {
            long x = me;
            for (int i = 0; i < PARKS; i++) {
                for (int k = 0; k < 20_000; k++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
                LockSupport.parkNanos(1_000);
            }
            sink = x;
            try {
                Thread.sleep(TAIL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
