package com.numa.bench.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The built-in workloads by name, for the overhead drivers and their child JVMs. The optimizer's three are sized for
 * one core (scale 1.0 ≈ 2–4 s on the development VM), the profiler's four for two threads (scale 1 ≈ 0.3–0.8 s an
 * iteration without profiling on a 2-core VM).
 */
public final class Workloads {
    private static final Map<String, Workload> ALL = new LinkedHashMap<>();

    static {
        for (Workload w : List.of(
                new Workload("single-threaded-loop",
                        "all work on the main thread (the optimizer's SINGLE_THREADED case)", SingleThreadedLoop::run),
                new Workload("balanced-workers",
                        "four equal worker threads (the case the optimizer's probe decides on)", BalancedWorkers::run),
                new Workload("imbalanced-workers",
                        "one worker with 70% of the work, seven sharing 30% (EMBARRASSINGLY_IMBALANCED)",
                        ImbalancedWorkers::run),
                new Workload("object-graph", "two threads walk a shuffled 100k-node ring (reference field reads)",
                        ObjectGraph::run),
                new Workload("array-exchange",
                        "two threads move references through one shared Object[] (reference array loads and stores)",
                        ArrayExchange::run),
                new Workload("hashmap", "two threads do HashMap gets and puts on boxed keys (JDK collections)",
                        HashMapUpdates::run),
                new Workload("matrix", "two threads multiply 160x160 double matrices (primitive array accesses)",
                        MatrixMultiply::run))) {
            ALL.put(w.name(), w);
        }
    }

    private Workloads() {
    }

    public static List<String> names() {
        return List.copyOf(ALL.keySet());
    }

    /** The workload called {@code name}; IllegalArgumentException with the known names when there is none. */
    public static Workload named(String name) {
        Workload w = ALL.get(name);
        if (w == null) {
            throw new IllegalArgumentException("unknown workload '" + name + "'; known: " + String.join(", ", names()));
        }
        return w;
    }

    /** One line per workload, name and description, for a tool's {@code --help}. */
    public static List<String> describe() {
        return ALL.values().stream().map(w -> String.format("  %-22s %s", w.name(), w.description())).toList();
    }
}
