package com.numa.opt;

import com.numa.core.feature.Feature;
import com.numa.core.feature.FeatureContext;
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

    @Override
    public void start(FeatureContext context) {
        AwarenessThread.start(context);
    }
}
