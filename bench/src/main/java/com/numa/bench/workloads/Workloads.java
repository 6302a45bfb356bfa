package com.numa.bench.workloads;

import com.numa.core.workload.Workload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;

/**
 * The built-in workloads by name, for the overhead drivers and their child JVMs. The optimizer's three are sized for
 * one core (scale 1.0 ≈ 2–4 s on the development VM), the profiler's four for two threads (scale 1 ≈ 0.3–0.8 s an
 * iteration without profiling on a 2-core VM).
 */
public final class Workloads {
    /**
     * A workload of this catalog: what the drivers take ({@code --workloads}) and pass to their child JVMs, one line for
     * {@code --help}, and its set-up at a scale (&gt; 0). Each iteration of the {@link Workload} does the whole
     * deterministic amount of work of that scale and returns its checksum (so the JIT cannot drop the work): the same
     * scale always does the same work and gives the same checksum.
     */
    public record Entry(String name, String description, DoubleFunction<Workload> setUp) {
        /** The workload at {@code scale}, ready to iterate. */
        public Workload at(double scale) {
            return setUp.apply(scale);
        }
    }

    private static final Map<String, Entry> ALL = new LinkedHashMap<>();

    static {
        for (Entry w : List.of(
                new Entry("single-threaded-loop",
                        "all work on the main thread (the optimizer's SINGLE_THREADED case)",
                        scale -> () -> SingleThreadedLoop.run(scale)),
                new Entry("balanced-workers",
                        "four equal worker threads (the case the optimizer's probe decides on)",
                        scale -> () -> BalancedWorkers.run(scale)),
                new Entry("imbalanced-workers",
                        "one worker with 70% of the work, seven sharing 30% (EMBARRASSINGLY_IMBALANCED)",
                        scale -> () -> ImbalancedWorkers.run(scale)),
                new Entry("object-graph", "two threads walk a shuffled 100k-node ring (reference field reads)",
                        scale -> () -> ObjectGraph.run(scale)),
                new Entry("array-exchange",
                        "two threads move references through one shared Object[] (reference array loads and stores)",
                        scale -> () -> ArrayExchange.run(scale)),
                new Entry("hashmap", "two threads do HashMap gets and puts on boxed keys (JDK collections)",
                        scale -> () -> HashMapUpdates.run(scale)),
                new Entry("matrix", "two threads multiply 160x160 double matrices (primitive array accesses)",
                        scale -> () -> MatrixMultiply.run(scale)))) {
            ALL.put(w.name(), w);
        }
    }

    private Workloads() {
    }

    public static List<String> names() {
        return List.copyOf(ALL.keySet());
    }

    /** The workload called {@code name}; IllegalArgumentException with the known names when there is none. */
    public static Entry named(String name) {
        Entry w = ALL.get(name);
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
