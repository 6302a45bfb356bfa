package com.numa.profiler;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** Internal problems, each reported once on stderr and counted (the summary lists the counts). */
final class ProblemLog {
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private final PrintStream out;

    ProblemLog(PrintStream out) {
        this.out = out;
    }

    void once(String kind, String message) {
        if (counts.computeIfAbsent(kind, k -> new AtomicLong()).getAndIncrement() == 0 && out != null) {
            out.println("[NUMAProfiler] " + message);
        }
    }

    Map<String, Long> counts() {
        Map<String, Long> m = new java.util.TreeMap<>();
        counts.forEach((k, v) -> m.put(k, v.get()));
        return m;
    }
}
