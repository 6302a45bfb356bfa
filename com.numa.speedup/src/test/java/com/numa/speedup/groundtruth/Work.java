package com.numa.speedup.groundtruth;

import java.util.function.IntConsumer;

/**
 * Shared pieces of the ground-truth programs: CPU work that the JIT cannot remove, and N worker threads started and
 * joined by main. Every program starts its workers even at N=1, so the baseline has the same shape as the runs.
 */
final class Work {
    static volatile long sink;

    private Work() {
    }

    /** Pure CPU work, no memory traffic to speak of: {@code units} of about a millisecond each on the dev VM. */
    static void cpu(long units) {
        long x = 17;
        for (long k = 0; k < units * 2_000_000L; k++) {
            x += (k * k) ^ x;
        }
        sink += x;
    }

    static int threads(String[] args) {
        if (args.length < 1) {
            throw new IllegalArgumentException("usage: <threads>");
        }
        return Integer.parseInt(args[0]);
    }

    /**
     * Runs {@code body(i)} on N worker threads named worker-i and waits for all of them; prints the phase's wall time
     * and the CPU time the whole process used during it (what a measurement costs shows there even when other
     * tenants slow the wall clock).
     */
    static void onWorkers(int n, IntConsumer body) throws InterruptedException {
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        Thread[] workers = new Thread[n];
        for (int i = 0; i < n; i++) {
            int id = i;
            workers[i] = new Thread(() -> body.accept(id), "worker-" + i);
            workers[i].start();
        }
        for (Thread t : workers) {
            t.join();
        }
        long wall = System.nanoTime() - start;
        System.out.println("parallel_ns=" + wall + " parallel_cpu_ns=" + (os.getProcessCpuTime() - cpu));
    }
}
