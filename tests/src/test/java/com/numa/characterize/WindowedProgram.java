package com.numa.characterize;

/**
 * A single application for {@code numa characterize --start-at}: the main thread alone sets up (CPU work and
 * {@link #SETUP_WRITES} reference stores into an array), then runs {@link #parallelPhase} twice; each phase starts two
 * workers that each read {@link #PHASE_READS} array elements and spin, and joins them. Measured whole, main does most of
 * the work; measured from entering parallelPhase to leaving it, the two workers do nearly all of it, and the profiler
 * sees no setup store. Prints one checksum line.
 */
public final class WindowedProgram {
    static final int SETUP_WRITES = 200_000;
    static final int PHASE_READS = 50_000;
    private static final Object[] TABLE = new Object[1024];
    private static volatile long sink;

    private WindowedProgram() {
    }

    public static void main(String[] args) throws InterruptedException {
        long sum = setUp();
        sum += parallelPhase();
        sum += parallelPhase();
        System.out.println("checksum=" + Long.toHexString(sum));
    }

    static long setUp() {
        for (int i = 0; i < SETUP_WRITES; i++) {
            TABLE[i % TABLE.length] = Integer.valueOf(i % 97);
        }
        return spin(800_000_000L);
    }

    static long parallelPhase() throws InterruptedException {
        long[] results = new long[2];
        Thread[] workers = new Thread[2];
        for (int w = 0; w < 2; w++) {
            int id = w;
            workers[w] = new Thread(() -> {
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
        for (Thread t : workers) {
            t.join();
        }
        return results[0] + results[1];
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
