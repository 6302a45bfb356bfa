package com.numa.vm;

import com.numa.opt.AwarenessThread;
import com.numa.opt.OptFlags;
import com.numa.perfutil.flags.Flag;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place that knows the feature modules above perfutil: their flag declarations and family prefixes
 * (combined by {@link NumaFlags}) and their start calls when their enable flags are on.
 */
final class FeatureEntryPoints {

    private FeatureEntryPoints() {
    }

    /** Flags declared by the profiler and optimizer modules. */
    static List<Flag<?>> moduleFlags() {
        List<Flag<?>> flags = new ArrayList<>(OptFlags.all());
        return flags;
    }

    /** Family prefixes of the feature modules, reserved even for modules whose flags a build lacks. */
    static List<String> modulePrefixes() {
        List<String> prefixes = new ArrayList<>(List.of("NUMAProfiler"));
        prefixes.addAll(OptFlags.familyPrefixes());
        return prefixes;
    }

    /** Starts the profiler / optimizer when their flags ask for it; each reports its own failures and turns off. */
    static void start(AgentContext context) {
        if (context.flags().get(OptFlags.NUMA_OPTS)) {
            if (context.topology() == null) {
                context.log().failure("NUMAOpts", "no NUMA topology (see above); the Awareness Thread is off");
            } else {
                AwarenessThread.start(context.flags(), context.topology(), context.threads());
            }
        }
    }
}
