package com.numa.vm;

/**
 * A long-lived service for the many-JVM tests: two workers update shared objects (so the profiler sees shared
 * accesses and PerfUtil two busy application threads) until the JVM is stopped; it prints {@code ready} once the
 * workers run, and never exits by itself.
 */
public final class ServiceProgram {
    static final class Cell {
        Object value;
        long count;
    }

    private ServiceProgram() {
    }

    public static void main(String[] args) throws Exception {
        Cell[] cells = new Cell[64];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = new Cell();
        }
        for (int w = 0; w < 2; w++) {
            Thread t = new Thread(() -> {
                long sum = 0;
                while (true) {
                    for (Cell c : cells) {
                        c.value = c;
                        c.count++;
                        sum += c.count;
                    }
                    if (sum == 42) {
                        System.out.println(sum); // keeps the loop from being optimized away
                    }
                    Thread.yield();
                }
            }, "worker-" + w);
            t.setDaemon(true);
            t.start();
        }
        System.out.println("ready");
        System.out.flush();
        while (true) {
            Thread.sleep(100);
        }
    }
}
