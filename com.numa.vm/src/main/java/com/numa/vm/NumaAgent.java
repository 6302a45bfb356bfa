package com.numa.vm;

import com.numa.perfutil.PerfUtilFlags;
import com.numa.perfutil.flags.FlagException;
import com.numa.perfutil.flags.FlagValues;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.threads.ThreadDirectory;
import com.numa.perfutil.topology.NumaTopology;
import java.lang.instrument.Instrumentation;

/**
 * The java agent ({@code -javaagent:numa-agent.jar=<flags>}, added by {@link Launcher}). Parses the agent argument
 * string through the same flag registry as the launcher, registers the main thread, resolves the NUMA topology once
 * and starts the features whose flags are on. It never ends the application: a bad flag or an internal failure is
 * reported once on stderr and the agent (or that feature) turns itself off.
 */
public final class NumaAgent {

    private NumaAgent() {
    }

    public static void premain(String agentArgs, Instrumentation inst) {
        start(agentArgs, inst, new AgentLog(System.err));
    }

    /** Attach API entry: same behaviour as at start-up, except that the attaching thread is not the main thread. */
    public static void agentmain(String agentArgs, Instrumentation inst) {
        premain(agentArgs, inst);
    }

    static void start(String agentArgs, Instrumentation inst, AgentLog log) {
        FlagValues flags;
        try {
            flags = NumaFlags.set().parseAgentArgs(agentArgs);
        } catch (FlagException e) {
            log.failure("bad flag", e.getMessage() + "; numa-jvm is off for this run");
            return;
        }
        if (!flags.get(PerfUtilFlags.PERF_UTIL) && !FeatureEntryPoints.anyEnabled(flags)) {
            return; // nothing asked for: load no native library, read no sysfs
        }
        try {
            ThreadDirectory threads = PerfUtilSources.threadDirectory(LinuxSyscalls.gettid());
            NumaTopology topology = resolveTopology(flags, log);
            AgentContext context = new AgentContext(flags, inst, threads, topology, log);
            FeatureEntryPoints.start(context);
            if (flags.get(PerfUtilFlags.PERF_UTIL)) {
                PerfUtilSession.start(context);
            }
        } catch (Throwable t) {
            // LinkageError included: a missing native library must not take the application down
            log.failure("internal failure", t + "; numa-jvm is off for this run, the application runs on");
        }
    }

    private static NumaTopology resolveTopology(FlagValues flags, AgentLog log) {
        String spec = flags.get(PerfUtilFlags.TOPOLOGY);
        try {
            return PerfUtilSources.topology(spec);
        } catch (RuntimeException e) {
            log.failure("NUMATopology", "cannot resolve -XX:NUMATopology=" + spec + ": " + e.getMessage()
                    + "; features that need the topology are off");
            return null;
        }
    }
}
