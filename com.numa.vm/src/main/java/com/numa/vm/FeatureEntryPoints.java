package com.numa.vm;

import com.numa.opt.AwarenessThread;
import com.numa.opt.OptFlags;
import com.numa.perfutil.flags.Flag;
import com.numa.perfutil.flags.FlagValues;
import com.numa.profiler.NumaProfiler;
import com.numa.profiler.ProfilerFlags;
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
        List<Flag<?>> flags = new ArrayList<>(ProfilerFlags.all());
        flags.addAll(OptFlags.all());
        return flags;
    }

    /** Family prefixes of the feature modules. */
    static List<String> modulePrefixes() {
        List<String> prefixes = new ArrayList<>(ProfilerFlags.familyPrefixes());
        prefixes.addAll(OptFlags.familyPrefixes());
        return prefixes;
    }

    /** True when a feature module's enable flag is on. */
    static boolean anyEnabled(FlagValues flags) {
        return flags.get(ProfilerFlags.ENABLE) || flags.get(OptFlags.NUMA_OPTS);
    }

    /**
     * Starts the profiler first (it instruments classes loaded from then on, so the earlier the better), then the
     * optimizer. Each needs the topology; a failure of one is reported and does not stop the other.
     */
    static void start(AgentContext context) {
        if (context.flags().get(ProfilerFlags.ENABLE)) {
            startOne(context, "NUMAProfiler", () -> NumaProfiler.start(context.flags(), context.instrumentation(), context.topology()));
        }
        if (context.flags().get(OptFlags.NUMA_OPTS)) {
            startOne(context, "NUMAOpts", () -> AwarenessThread.start(context.flags(), context.topology(), context.threads()));
        }
    }

    private static void startOne(AgentContext context, String feature, Runnable start) {
        if (context.topology() == null) {
            context.log().failure(feature, "no NUMA topology (see above); " + feature + " is off");
            return;
        }
        try {
            start.run();
        } catch (RuntimeException | LinkageError e) {
            context.log().failure(feature, e.getMessage() + "; " + feature + " is off, the application runs on");
        }
    }
}
