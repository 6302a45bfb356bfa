package com.numa.testing.apps;

import java.util.ArrayList;
import java.util.List;

/**
 * Two named workers that share one object for a given time (reference reads and writes the profiler sees), long
 * enough for PerfUtil's sampler to list them too: a program outside every tool package, for tests that compare what
 * several features say about the same threads. Argument: milliseconds (default 400).
 */
public final class SharingWorkersProgram {
    /** A shared holder: its reference field is what the workers read and write. */
    static final class Holder {
        Object value = new Object();
    }

    private SharingWorkersProgram() {
    }

    public static void main(String[] args) throws Exception {
        long millis = args.length > 0 ? Long.parseLong(args[0]) : 400;
        long deadline = System.nanoTime() + millis * 1_000_000L;
        Holder shared = new Holder();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Thread t = new Thread(() -> {
                Object mine = new Object();
                long n = 0;
                while (System.nanoTime() < deadline) {
                    for (int k = 0; k < 1000; k++) {
                        if (shared.value == mine) {
                            n++;
                        }
                        shared.value = mine;
                    }
                }
                System.out.println(Thread.currentThread().getName() + " " + (n >= 0));
            }, "sharing-worker-" + i);
            workers.add(t);
            t.start();
        }
        for (Thread t : workers) {
            t.join();
        }
    }
}
