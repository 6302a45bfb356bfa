package com.numa.opt;

import com.numa.core.feature.Feature;
import com.numa.core.feature.FeatureContext;
import com.numa.core.feature.LaunchProblems;
import com.numa.core.flags.FlagValues;
import com.numa.core.io.OutputPaths;
import java.nio.file.Path;
import com.numa.core.flags.Flag;
import java.util.List;

/** {@code -XX:+NUMAOpts}: the Awareness Thread (see {@link AwarenessThread}). */
public final class OptFeature implements Feature {

    @Override
    public Flag<Boolean> enableFlag() {
        return OptFlags.ENABLE;
    }

    @Override
    public List<Flag<?>> flags() {
        return OptFlags.all();
    }

    @Override
    public List<String> flagPrefixes() {
        return OptFlags.FAMILY_PREFIXES;
    }

    /** The decision log, when one is asked for. */
    @Override
    public void check(FlagValues flags, LaunchProblems problems) {
        String log = OutputPaths.expand(flags.get(OptFlags.LOG).trim());
        if (!log.isEmpty()) {
            OutputPaths.optionProblem("-XX:NUMAOptsLog=", Path.of(log), false).ifPresent(problems::error);
        }
    }

    @Override
    public void start(FeatureContext context) {
        AwarenessThread.start(context);
    }
}
