package com.numa.vm;

import com.numa.core.child.AgentJar;
import com.numa.core.feature.FeatureRegistry;
import com.numa.core.feature.LaunchProblems;
import com.numa.core.flags.CoreFlags;
import com.numa.core.flags.FlagValues;
import com.numa.perfutil.topology.MachineTopology;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Everything about the NUMA flags that can be known before the JVM starts, checked once by the launcher: the
 * topology against the CPUs this process may use (the JVM inherits the same affinity; in the JVM a bad one would turn
 * the topology's features off without stopping the run), and each enabled feature's own checks (event names, output
 * paths). The agent keeps its own fallbacks for the paths that bypass the launcher (-javaagent, attach).
 */
final class LaunchChecks {
    private LaunchChecks() {
    }

    /**
     * Prints the warnings and errors of {@link #check} (one line each) and returns the agent jar to load, or null
     * when the launch must stop (exit 2).
     */
    static Path agentJarIfReady(FlagValues flags, PrintWriter err) {
        LaunchProblems problems = check(flags, NumaFlags.registry());
        problems.warnings().forEach(w -> err.println("numa: warning: " + w));
        if (!problems.errors().isEmpty()) {
            problems.errors().forEach(e -> err.println("numa: " + e));
            return null;
        }
        try {
            return AgentJar.packaged(LaunchChecks.class);
        } catch (IllegalStateException e) {
            err.println("numa: " + e.getMessage());
            return null;
        }
    }

    static LaunchProblems check(FlagValues flags, FeatureRegistry registry) {
        LaunchProblems problems = new LaunchProblems();
        if (!registry.anyEnabled(flags)) {
            return problems;
        }
        String spec = flags.get(CoreFlags.TOPOLOGY);
        try {
            MachineTopology.fromSpec(spec);
        } catch (RuntimeException | LinkageError e) {
            problems.error(e.getMessage()); // names the flag, the value and the usable CPUs
        }
        registry.checkEnabled(flags, problems);
        return problems;
    }
}
