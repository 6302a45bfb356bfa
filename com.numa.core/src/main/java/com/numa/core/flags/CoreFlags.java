package com.numa.core.flags;

import com.numa.boot.AgentLayout;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopologies;
import com.numa.core.topology.NumaTopology;
import com.numa.core.window.MethodWindow;
import java.util.List;
import java.util.function.Function;

/**
 * The flags that belong to no single feature: the topology every feature works on, and the flag listing. Declared
 * like a feature's flags (prefixes, constants, {@link #all()}) and merged first into the registry's flag set.
 */
public final class CoreFlags {

    /** Any -XX: flag starting with one of these is ours, so a misspelling is an error, not java's. */
    public static final List<String> FAMILY_PREFIXES = List.of("NUMATopology", "PrintNUMAFlags", "NUMAWindow",
            "NUMALabel", AgentLayout.API_FLAG, AgentLayout.STRICT_FLAG);

    public static final Flag<String> TOPOLOGY = Flag.custom("NUMATopology", "auto|N|cpus/cpus", "auto",
            "auto: the kernel's nodes; N: split the usable CPUs into N pseudo-nodes; 0-1/2-3: CPU lists of pseudo-nodes",
            new Function<>() { // a class, not a method reference: see METHOD_NAME
                @Override
                public String apply(String v) {
                    return topologySpec(v);
                }
            });

    public static final Flag<Boolean> PRINT_FLAGS = Flag.bool("PrintNUMAFlags", false,
            "Print every NUMA flag with its type, default and description, then exit");

    /** The type of a flag naming a method, as {@code -XX:+PrintNUMAFlags} prints it. */
    public static final String METHOD_TYPE = "pkg.Class.method";

    /**
     * The validator of every flag naming a method ({@link #methodName}), one instance for all of them. The flags'
     * validators are classes, not lambdas or method references: premain builds every flag before the application's
     * main, and the first lambda there cost the JVM its method-handle machinery (about 3 ms, ~40 classes), then each
     * one a class spun at run time.
     */
    public static final Function<String, String> METHOD_NAME = new Function<>() {
        @Override
        public String apply(String v) {
            return methodName(v);
        }
    };

    public static final Flag<String> WINDOW_START_AT = Flag.custom("NUMAWindowStartAt", METHOD_TYPE, "",
            "The measured window (PerfUtil's window rows, -XX:+NUMAProfilerIterations, the iterations file) opens at an "
                    + "entry of this method (pkg.Class.method); empty = the application's own iteration marks, if any",
            METHOD_NAME);

    public static final Flag<String> WINDOW_STOP_AT = Flag.custom("NUMAWindowStopAt", METHOD_TYPE, "",
            "The measured window closes at the exit (return or exception) of this method that leaves none of its calls "
                    + "running; empty = the start method; alone: the window opens before main",
            METHOD_NAME);

    public static final Flag<String> LABEL = Flag.string("NUMALabel", "",
            "A name for this JVM in every output file and in numa merge's report (placeholders as in output paths: %p, "
                    + "%h, %t, %{ENV_NAME}); empty = pid@host");

    /** Read by the agent jar's entry point by name (com.numa.boot.AgentLayout), declared here to be listed and parsed. */
    public static final Flag<Boolean> AGENT_API = Flag.bool(AgentLayout.API_FLAG, false,
            "Let the application call numa-jvm (the profiler's spans, numa characterize's harness): the agent's classes "
                    + "join the application's class path. Off: the agent is invisible to the application, whatever "
                    + "libraries it bundles. On-demand profiling turns it on");

    /** Read by the agent before it parses its flags (com.numa.boot.AgentLayout), declared here to be listed. */
    public static final Flag<Boolean> STRICT = Flag.bool(AgentLayout.STRICT_FLAG, false,
            "A bad NUMA flag, or one this machine refuses (topology, events, output paths), ends the JVM with exit code 2 "
                    + "before the application's main, as numa vm does; off: said once, numa-jvm turns off and the "
                    + "application runs");

    private CoreFlags() {
    }

    public static List<Flag<?>> all() {
        return List.of(TOPOLOGY, PRINT_FLAGS, WINDOW_START_AT, WINDOW_STOP_AT, LABEL, AGENT_API, STRICT);
    }

    /**
     * The validator of every flag naming a method (the window's, the profiler's StartAt/StopAt): see
     * {@link MethodWindow#checkMethodName}.
     */
    public static String methodName(String v) {
        try {
            return MethodWindow.checkMethodName(v);
        } catch (IllegalArgumentException e) {
            throw new Flag.BadValue(e.getMessage());
        }
    }

    /**
     * Checks a NUMATopology value without depending on this machine's CPUs (whether the CPUs are usable is checked
     * when the topology is resolved against the machine). The grammar and its rules are {@link NumaTopologies}':
     * explicit CPU lists are checked against a machine that has exactly the listed CPUs.
     */
    static String topologySpec(String v) {
        String s = v.strip();
        if (s.equalsIgnoreCase("auto")) {
            return s;
        }
        if (NumaTopologies.isCount(s)) {
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
