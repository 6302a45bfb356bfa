package com.numa.perfutil.session;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Four workers that each spin for 150-300 ms of wall time and end well before PerfUtil's first periodic reading (1 s
 * by default); each records the CPU time it measured itself (ThreadMXBean) as "name cpu_ns" lines in args[0].
 */
public final class ShortWorkersProgram {
    public static final List<String> WORKERS = List.of("short-worker-0", "short-worker-1", "short-worker-2", "short-worker-3");

    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        ConcurrentLinkedQueue<String> lines = new ConcurrentLinkedQueue<>();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < WORKERS.size(); i++) {
            long spinNs = (150 + 50L * i) * 1_000_000L;
            workers.add(new Thread(() -> {
                long end = System.nanoTime() + spinNs;
                long x = 0;
                while (System.nanoTime() < end) {
                    x += x * 31 + 7;
                }
                lines.add(Thread.currentThread().getName() + " " + mx.getCurrentThreadCpuTime() + " " + (x == 42 ? 1 : 0));
            }, WORKERS.get(i)));
        }
        workers.forEach(Thread::start);
        for (Thread t : workers) {
            t.join();
        }
        Files.write(Path.of(args[0]), lines);
    }
}
