package com.numa.profiler;

import com.numa.perfutil.flags.FlagException;
import com.numa.perfutil.flags.FlagSet;
import com.numa.perfutil.flags.FlagValues;
import com.numa.perfutil.topology.CpuSet;
import com.numa.perfutil.topology.NumaNode;
import com.numa.perfutil.topology.NumaTopology;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

/**
 * A stand-alone agent for tests and benchmarks, before (or besides) the packaged numa agent: {@code
 * -javaagent:<jar>=<agent args>} where the jar's manifest names this class as Premain-Class and the profiler, PerfUtil,
 * ASM and JNA are on the class path (tests build such a manifest-only jar and pass the test class path with -cp).
 * Arguments: ProfilerFlags in the agent-argument form of {@link FlagValues#toAgentArgs()} (e.g.
 * {@code -XX:NUMAProfilerOwner=allocator -XX:NUMAProfilerOutput=/tmp/p}). Topology: the system property
 * {@code numa.profiler.emulatedNodes} lists the CPUs of each pseudo-node separated by ';' (e.g. {@code 0;1}); without it
 * one node holds all CPUs (predicted-remote counts are then 0).
 */
public final class ProfilerAgentMain {
    private ProfilerAgentMain() {
    }

    public static void premain(String args, Instrumentation inst) {
        FlagValues flags;
        try {
            flags = new FlagSet(ProfilerFlags.familyPrefixes(), ProfilerFlags.all()).parseAgentArgs(args);
        } catch (FlagException e) {
            System.err.println("[NUMAProfiler] " + e.getMessage() + "; profiling is off");
            return;
        }
        try {
            NumaProfiler.start(flags, inst, topology(System.getProperty("numa.profiler.emulatedNodes", "")));
        } catch (IllegalArgumentException e) {
            System.err.println("[NUMAProfiler] " + e.getMessage() + "; profiling is off");
        } catch (Throwable t) { // never take the JVM down from premain
            System.err.println("[NUMAProfiler] could not start (" + t + "); profiling is off");
        }
    }

    public static void agentmain(String args, Instrumentation inst) {
        premain(args, inst);
    }

    /** An emulated topology from "cpus;cpus;..." or a single node with every available CPU. */
    static NumaTopology topology(String spec) {
        List<NumaNode> nodes = new ArrayList<>();
        if (spec.isBlank()) {
            int n = Runtime.getRuntime().availableProcessors();
            nodes.add(new NumaNode(0, CpuSet.parseList("0-" + (n - 1)), 0, 0));
        } else {
            String[] parts = spec.split(";");
            for (int i = 0; i < parts.length; i++) {
                nodes.add(new NumaNode(i, CpuSet.parseList(parts[i].trim()), 0, 0));
            }
        }
        int[][] d = new int[nodes.size()][nodes.size()];
        for (int i = 0; i < d.length; i++) {
            for (int j = 0; j < d.length; j++) {
                d[i][j] = i == j ? 10 : 20;
            }
        }
        return new NumaTopology(nodes, d, !spec.isBlank());
    }
}
