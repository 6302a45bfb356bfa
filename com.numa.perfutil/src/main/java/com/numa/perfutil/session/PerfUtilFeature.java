package com.numa.perfutil.session;

import com.numa.core.feature.Feature;
import com.numa.core.feature.FeatureContext;
import com.numa.core.feature.LaunchProblems;
import com.numa.core.flags.FlagValues;
import com.numa.core.flags.Flag;
import com.numa.perfutil.PerfUtilFlags;
import java.util.List;

/**
 * {@code -XX:+PerfUtil}: per-thread and/or per-core counters of the running JVM, sampled into a CSV (see
 * {@link PerfUtilSession}). Per-thread counting needs no topology; per-core counting uses it when there is one.
 */
public final class PerfUtilFeature implements Feature {

    @Override
    public Flag<Boolean> enableFlag() {
        return PerfUtilFlags.ENABLE;
    }

    @Override
    public List<Flag<?>> flags() {
        return PerfUtilFlags.all();
    }

    @Override
    public List<String> flagPrefixes() {
        return PerfUtilFlags.FAMILY_PREFIXES;
    }

    @Override
    public boolean needsTopology() {
        return false;
    }

    /** All of perfutil: the profiler must not instrument the code that reads the counters. */
    @Override
    public List<String> ownPackages() {
        return List.of("com.numa.perfutil.**");
    }

    @Override
    public void check(FlagValues flags, LaunchProblems problems) {
        PerfUtilChecks.check(flags, problems);
    }

    @Override
    public void start(FeatureContext context) {
        PerfUtilSession.start(context);
    }
}
