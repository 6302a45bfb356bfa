package com.numa.characterize.analysis;

import java.util.Map;

/**
 * One thread's counts in a run's measured window (or its whole run when nothing marked iterations), from PerfUtil's CSV.
 *
 * @param tid    kernel thread id
 * @param name   Java name (kernel name for JVM-internal threads)
 * @param role   main, application or jvm-internal (the one role rule of com.numa.core.threads)
 * @param counts scaled count per event
 */
public record ThreadWork(int tid, String name, String role, Map<String, Double> counts) {

    public ThreadWork {
        counts = Map.copyOf(counts);
    }

    /** The scaled count of {@code event}, 0 when the thread has no such row. */
    public double count(String event) {
        return counts.getOrDefault(event, 0.0);
    }

    public boolean isMain() {
        return role.equals("main");
    }

    /** Main or application: the threads whose work the study attributes to the application. */
    public boolean isApplication() {
        return role.equals("main") || role.equals("application");
    }
}
