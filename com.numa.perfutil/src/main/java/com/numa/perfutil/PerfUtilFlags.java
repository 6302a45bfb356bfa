package com.numa.perfutil;

import com.numa.perfutil.flags.Flag;
import com.numa.perfutil.topology.CpuSet;
import com.numa.perfutil.topology.NumaNode;
import com.numa.perfutil.topology.NumaTopologies;
import com.numa.perfutil.topology.NumaTopology;
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
            "auto: the kernel's nodes; N: split the usable CPUs into N pseudo-nodes; 0-1/2-3: CPU lists of pseudo-nodes",
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
     * Checks a NUMATopology value without depending on this machine's CPUs (the launcher validates before java starts;
     * whether the CPUs are usable is checked when the agent resolves the topology). The grammar and its rules are
     * {@link NumaTopologies}': explicit CPU lists are checked against a machine that has exactly the listed CPUs.
     */
    static String topologySpec(String v) {
        String s = v.strip();
        if (s.equalsIgnoreCase("auto")) {
            return s;
        }
        if (!s.isEmpty() && s.chars().allMatch(Character::isDigit)) {
            if (s.length() > 6 || Integer.parseInt(s) < 1) {
                throw new Flag.BadValue(NumaTopologies.VALID_FORMS + " (the node count must be from 1 to the CPU count)");
            }
            return s;
        }
        CpuSet listed = CpuSet.of();
        for (String part : s.split("/", -1)) {
            try {
                listed = listed.union(CpuSet.parseList(part));
            } catch (IllegalArgumentException notAList) {
                // NumaTopologies reports it below, naming the pseudo-node
            }
        }
        NumaTopology onlyListed = new NumaTopology(List.of(new NumaNode(0, listed, 0, 0)), new int[][] {{10}}, false);
        try {
            NumaTopologies.fromSpec(s, onlyListed);
        } catch (IllegalArgumentException e) {
            throw new Flag.BadValue(NumaTopologies.VALID_FORMS + " (" + problem(e.getMessage(), s) + ")");
        }
        return s;
    }

    /** The problem part of a NumaTopologies message: the flag, value and valid forms are already in ours. */
    private static String problem(String message, String spec) {
        String m = message;
        String head = NumaTopologies.FLAG + "=" + spec + ": ";
        int at = m.indexOf(head);
        if (at >= 0) {
            m = m.substring(at + head.length());
        }
        int forms = m.indexOf(". Valid forms");
        return forms >= 0 ? m.substring(0, forms) : m;
    }
}
