package com.numa.core.feature;

import com.numa.core.flags.CoreFlags;
import com.numa.core.flags.Flag;
import com.numa.core.flags.FlagSet;
import com.numa.core.flags.FlagValues;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * The one registry of features: the providers of {@link Feature} named in {@code META-INF/services} files on the
 * class path (the product's own list is the front door's; a test or a plug-in adds a line in a file of its own).
 * Features start in registry order. Everything that knows about features asks here: the flag set of every entry point
 * ({@link #flagSet()}), the agent ({@link #startEnabled}), the profiler's exclusions ({@link #toolPackages}).
 */
public final class FeatureRegistry {

    /** Packages of the shared core and of the relocated libraries in the agent jar: tool code, never profiled. */
    private static final List<String> CORE_PACKAGES = List.of("com.numa.core.**", "com.numa.shaded.**");

    private final List<Feature> features;
    private final FlagSet flagSet;

    private FeatureRegistry(List<Feature> features) {
        this.features = List.copyOf(features);
        List<String> prefixes = new ArrayList<>(CoreFlags.FAMILY_PREFIXES);
        List<Flag<?>> flags = new ArrayList<>(CoreFlags.all());
        for (Feature f : features) {
            prefixes.addAll(f.flagPrefixes());
            flags.addAll(f.flags());
        }
        this.flagSet = new FlagSet(prefixes, flags);
    }

    /**
     * The features registered with {@code loader}. A provider that cannot be loaded is reported through
     * {@code problems} and left out: one broken plug-in must not turn off the others.
     */
    public static FeatureRegistry load(ClassLoader loader, Consumer<String> problems) {
        List<Feature> found = new ArrayList<>();
        Iterator<Feature> it = ServiceLoader.load(Feature.class, loader).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                found.add(it.next());
            } catch (ServiceConfigurationError e) {
                problems.accept("a registered feature cannot be loaded and is left out: " + e.getMessage());
            }
        }
        return new FeatureRegistry(found);
    }

    /** A registry of exactly these features (tests, a stand-alone agent). */
    public static FeatureRegistry of(Feature... features) {
        return new FeatureRegistry(List.of(features));
    }

    public List<Feature> features() {
        return features;
    }

    /** The global flags and every feature's flags, parsed by the launcher, the agent and mx vm alike. */
    public FlagSet flagSet() {
        return flagSet;
    }

    /** True when at least one feature's enable flag is on. */
    public boolean anyEnabled(FlagValues values) {
        // a loop, not a stream: premain asks this of every run, before the application's main
        for (Feature f : features) {
            if (values.get(f.enableFlag())) {
                return true;
            }
        }
        return false;
    }

    /** Every enabled feature's own checks before the JVM starts ({@link Feature#check}). */
    public void checkEnabled(FlagValues values, LaunchProblems problems) {
        for (Feature f : features) {
            if (values.get(f.enableFlag())) {
                f.check(values, problems);
            }
        }
    }

    /** The enable flags of the features, as a user types them ("-XX:+PerfUtil, -XX:+NUMAProfiler, ..."). */
    public String enableFlags() {
        return String.join(", ", features.stream().map(f -> "-XX:+" + f.enableFlag().name()).toList());
    }

    /** Class patterns of all numa-jvm code: the core, every feature, and {@code frontDoorPackages}. */
    public List<String> toolPackages(List<String> frontDoorPackages) {
        List<String> all = new ArrayList<>(CORE_PACKAGES);
        all.addAll(frontDoorPackages);
        for (Feature f : features) {
            all.addAll(f.ownPackages());
        }
        return all;
    }

    /**
     * Starts every enabled feature, in registry order. A feature that needs the topology when there is none, says it
     * is unsupported, or throws, is reported once and stays off; the others still start.
     */
    public void startEnabled(FeatureContext context) {
        for (Feature f : features) {
            if (!context.flags().get(f.enableFlag())) {
                continue;
            }
            String name = f.name();
            if (f.needsTopology() && context.topology() == null) {
                context.log().once(name, name + ": no NUMA topology (see above); " + name + " is off");
                continue;
            }
            try {
                var unsupported = f.unsupportedBecause(context);
                if (unsupported.isPresent()) {
                    context.log().once(name, name + " is unsupported here, because " + unsupported.get() + "; " + name + " is off");
                    continue;
                }
                f.start(context);
            } catch (Exception | LinkageError e) {
                // LinkageError included: a missing native library must not take the application down
                context.log().once(name, name + ": " + (e.getMessage() != null ? e.getMessage() : e.toString())
                        + "; " + name + " is off, the application runs on");
            }
        }
    }
}
