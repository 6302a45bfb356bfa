package com.numa.speedup.clock;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * A program whose CPU times are known to itself: main burns {@code <main ms>} of its own CPU time, one worker burns
 * {@code <worker ms>}, prints its Java thread id and its final CPU time, then idles a while before it ends (so the clock
 * reads it after its last instruction of work, whatever the scheduling).
 */
public final class ClockedProgram {
    static volatile long sink;

    private ClockedProgram() {
    }

    public static void main(String[] args) throws InterruptedException {
        long mainMs = Long.parseLong(args[0]);
        long workerMs = Long.parseLong(args[1]);
        burn(mainMs);
        System.out.println("main_id=" + Thread.currentThread().getId());
        Thread worker = new Thread(() -> {
            burn(workerMs);
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            System.out.println("worker_id=" + Thread.currentThread().getId() + " worker_cpu_ns="
                    + mx.getCurrentThreadCpuTime());
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "clocked-worker");
        worker.start();
        worker.join();
    }

    /** Runs until this thread has used {@code ms} of CPU time (not wall time: a busy machine only makes it slower). */
    static void burn(long ms) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long until = mx.getCurrentThreadCpuTime() + ms * 1_000_000L;
        long x = 1;
        while (mx.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 31 + i;
            }
        }
        sink += x;
    }
}
