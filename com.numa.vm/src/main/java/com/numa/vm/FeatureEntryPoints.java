package com.numa.vm;

import com.numa.perfutil.flags.Flag;
import java.util.List;

/**
 * The one place that knows the feature modules above perfutil: their flag declarations (combined by
 * {@link NumaFlags}) and their start calls when their enable flags are on.
 */
final class FeatureEntryPoints {

    private FeatureEntryPoints() {
    }

    /** Flags declared by the profiler and optimizer modules. */
    static List<Flag<?>> moduleFlags() {
        return List.of();
    }

    /** Starts the profiler / optimizer when their flags ask for it; each reports its own failures and turns off. */
    static void start(AgentContext context) {
        // no feature module in this build declares an entry point yet
    }
}
