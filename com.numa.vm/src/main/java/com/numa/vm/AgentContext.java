package com.numa.vm;

import com.numa.perfutil.flags.FlagValues;
import com.numa.perfutil.threads.ThreadDirectory;
import com.numa.perfutil.topology.NumaTopology;
import java.lang.instrument.Instrumentation;

/**
 * What the agent resolved once at start-up and hands to every feature (PerfUtil, the profiler, the optimizer).
 *
 * @param topology null when NUMATopology could not be resolved (already reported); features needing it stay off
 */
public record AgentContext(FlagValues flags, Instrumentation instrumentation, ThreadDirectory threads,
        NumaTopology topology, AgentLog log) {
}
