package com.numa.perfutil;

import com.numa.perfutil.flags.Flag;
import com.numa.perfutil.topology.CpuSet;
import java.util.List;

/**
 * The PerfUtil family of {@code -XX:} flags, declared once (the launcher, the agent and mx vm all parse through these
 * declarations via the vm module's flag registry).
 *
 * <p>The default event list holds only software events so that {@code -XX:+PerfUtil} works on every Linux machine,
 * including virtual machines without a PMU; on a machine with hardware counters ask for
 * {@code -XX:PerfUtilEvents=instructions,cycles,...} (any name {@code perf list} prints).
 */
public final class PerfUtilFlags {

    /** What PerfUtil counts: every JVM thread, every CPU, or both. */
    public enum Scope {
        THREAD, CORE, BOTH;

        public boolean threads() {
            return this != CORE;
        }

        public boolean cores() {
            return this != THREAD;
        }
    }

    /** Which library opens the counters: the kernel's perf_event_open directly, or PAPI (libpapi) over it. */
    public enum Backend {
        PERF, PAPI
    }

    /** Family prefixes: any -XX: flag starting with one of these is ours, so a misspelling is an error, not java's. */
    public static final List<String> FAMILY_PREFIXES = List.of("PerfUtil", "NUMATopology", "PrintNUMAFlags");

    public static final Flag<Boolean> PERF_UTIL = Flag.bool("PerfUtil", false,
            "Count hardware/software events per thread and/or per core and write them to PerfUtilOutput");

    public static final Flag<List<String>> EVENTS = Flag.list("PerfUtilEvents",
            List.of("task-clock", "context-switches", "cpu-migrations", "page-faults"),
            "Events to count, perf list names (e.g. instructions,cycles,LLC-load-misses on a real PMU)");

    public static final Flag<Scope> SCOPE = Flag.choice("PerfUtilScope", Scope.class, Scope.THREAD,
            "thread: every JVM thread; core: every CPU (needs root or perf_event_paranoid<=0); both");

    public static final Flag<Integer> INTERVAL = Flag.integer("PerfUtilInterval", 1000, 10, 3_600_000,
            "Sampling interval in milliseconds; the CSV is rewritten at every interval and at exit");

    public static final Flag<String> OUTPUT = Flag.custom("PerfUtilOutput", "path", "perfutil.csv",
            "CSV file for the samples (written atomically)", PerfUtilFlags::nonBlankPath);

    public static final Flag<Backend> BACKEND = Flag.choice("PerfUtilBackend", Backend.class, Backend.PERF,
            "perf: perf_event_open via JNA; papi: libpapi (needs libpapi-dev)");

    public static final Flag<String> TOPOLOGY = Flag.custom("NUMATopology", "auto|N|cpus/cpus", "auto",
            "auto: the kernel's nodes; N: split usable CPUs into N pseudo-nodes; 0-1/2-3: explicit pseudo-nodes",
            PerfUtilFlags::topologySpec);

    public static final Flag<Boolean> PRINT_FLAGS = Flag.bool("PrintNUMAFlags", false,
            "Print every NUMA flag with its type, default and description, then exit");

    private PerfUtilFlags() {
    }

    public static List<Flag<?>> all() {
        return List.of(PERF_UTIL, EVENTS, SCOPE, INTERVAL, OUTPUT, BACKEND, TOPOLOGY, PRINT_FLAGS);
    }

    private static String nonBlankPath(String v) {
        if (v.isBlank()) {
            throw new Flag.BadValue("a file path (e.g. perfutil.csv)");
        }
        return v;
    }

    /**
     * Checks the NUMATopology grammar without touching the machine (the launcher validates before java starts; whether
     * the CPUs exist is checked when the topology is resolved inside the JVM). Returns the spec, trimmed.
     */
    static String topologySpec(String v) {
        String s = v.trim();
        String expected = "auto, a node count N >= 1 (e.g. 2), or CPU lists per node separated by '/' (e.g. 0/1 or 0-3/4-7)";
        if (s.equals("auto")) {
            return s;
        }
        if (s.matches("\\d+")) {
            try {
                if (Integer.parseInt(s) >= 1) {
                    return s;
                }
            } catch (NumberFormatException tooBig) {
                // falls through to the message
            }
            throw new Flag.BadValue(expected);
        }
        if (!s.contains("/") || s.startsWith("/") || s.endsWith("/")) {
            throw new Flag.BadValue(expected);
        }
        CpuSet seen = CpuSet.of();
        for (String part : s.split("/")) {
            CpuSet cpus;
            try {
                cpus = CpuSet.parseList(part);
            } catch (IllegalArgumentException e) {
                throw new Flag.BadValue(expected + "; '" + part + "' is not a CPU list");
            }
            if (cpus.isEmpty()) {
                throw new Flag.BadValue(expected + "; every node needs at least one CPU");
            }
            if (!cpus.intersect(seen).isEmpty()) {
                throw new Flag.BadValue(expected + "; CPU(s) " + cpus.intersect(seen).toList() + " appear in two nodes");
            }
            seen = seen.union(cpus);
        }
        return s;
    }
}
