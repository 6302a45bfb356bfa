package com.numa.core.feature;

import com.numa.core.flags.Flag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A feature that exists only for {@link FeatureRegistryIT}: registered by a services file the test writes, never
 * by the product. Started, it writes its flag values to {@code -XX:ThrowawayMarker}.
 */
public class ThrowawayFeature implements Feature {
    static final Flag<Boolean> ENABLE = Flag.bool("Throwaway", false, "a feature added by a test through the registry alone");
    static final Flag<String> MARKER = Flag.string("ThrowawayMarker", "", "file the feature writes when it starts");
    static final Flag<Integer> LEVEL = Flag.integer("ThrowawayLevel", 1, 1, 9, "a value the feature echoes");

    @Override
    public Flag<Boolean> enableFlag() {
        return ENABLE;
    }

    @Override
    public List<Flag<?>> flags() {
        return List.of(ENABLE, MARKER, LEVEL);
    }

    @Override
    public List<String> flagPrefixes() {
        return List.of("Throwaway");
    }

    @Override
    public boolean needsTopology() {
        return false;
    }

    @Override
    public void start(FeatureContext context) throws Exception {
        Files.writeString(Path.of(context.flags().get(MARKER)), "started level=" + context.flags().get(LEVEL)
                + " topology=" + (context.topology() != null) + " threads=" + !context.threads().liveThreads().isEmpty());
    }
}
