package com.numa.characterize;

import java.util.concurrent.CountDownLatch;

/**
 * A single application for {@code numa characterize --start-at}: the main thread alone sets up (CPU work and
 * {@link #SETUP_WRITES} reference stores into an array) and starts the workers of two phases, which wait; then it runs
 * {@link #parallelPhase} once per phase: it lets the phase's two workers go (each reads {@link #PHASE_READS} array
 * elements and spins) and joins them. Measured whole, main does most of the work; measured from entering parallelPhase
 * to leaving it, the workers do nearly all of it, and the profiler sees no set-up store. The workers exist before the
 * window opens, so PerfUtil knows them whatever its sampling interval (a thread that starts and ends between two
 * readings is not counted). Prints one checksum line.
 */
public final class WindowedProgram {
    static final int SETUP_WRITES = 200_000;
    static final int PHASE_READS = 50_000;
    private static final Object[] TABLE = new Object[1024];
    private static volatile long sink;

    private WindowedProgram() {
    }

    /** Two workers waiting for their phase to begin. */
    static final class Phase {
        final CountDownLatch go = new CountDownLatch(1);
        final long[] results = new long[2];
        final Thread[] workers = new Thread[2];

        Phase() {
            for (int w = 0; w < 2; w++) {
                int id = w;
                workers[w] = new Thread(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    long found = 0;
                    for (int i = 0; i < PHASE_READS; i++) {
                        if (TABLE[(i * 7 + id) % TABLE.length] != null) {
                            found++;
                        }
                    }
                    results[id] = found + spin(200_000_000L);
                }, "worker-" + w);
                workers[w].start();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        long sum = setUp();
        Phase first = new Phase();
        Phase second = new Phase();
        sum += parallelPhase(first);
        sum += parallelPhase(second);
        System.out.println("checksum=" + Long.toHexString(sum));
    }

    static long setUp() {
        for (int i = 0; i < SETUP_WRITES; i++) {
            TABLE[i % TABLE.length] = Integer.valueOf(i % 97);
        }
        return spin(800_000_000L);
    }

    static long parallelPhase(Phase phase) throws InterruptedException {
        phase.go.countDown();
        for (Thread t : phase.workers) {
            t.join();
        }
        return phase.results[0] + phase.results[1];
    }

    /** CPU work the JIT cannot drop: the result is used. */
    static long spin(long n) {
        long x = 1;
        for (long i = 0; i < n; i++) {
            x = x * 6364136223846793005L + i;
        }
        sink = x;
        return x & 0xffff;
    }
}
