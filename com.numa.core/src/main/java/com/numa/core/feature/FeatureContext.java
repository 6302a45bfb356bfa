package com.numa.core.feature;

import com.numa.core.flags.FlagValues;
import com.numa.core.log.NumaLog;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.topology.NumaTopology;
import java.lang.instrument.Instrumentation;
import java.util.List;

/**
 * What the agent resolved once at start-up and hands to every feature.
 *
 * @param flags           every NUMA flag of the run (all families)
 * @param instrumentation the agent's; null when a feature is started outside an agent (tests, tools)
 * @param threads         this JVM's threads with their roles (the one thread inventory)
 * @param topology        the real or emulated topology; null when -XX:NUMATopology could not be resolved (reported)
 * @param log             the one log on stderr
 * @param toolPackages    class patterns of numa-jvm's own code (every feature's, the core's, the front door's)
 */
public record FeatureContext(FlagValues flags, Instrumentation instrumentation, ThreadDirectory threads,
        NumaTopology topology, NumaLog log, List<String> toolPackages) {

    public FeatureContext {
        toolPackages = List.copyOf(toolPackages);
    }
}
