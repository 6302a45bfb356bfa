package com.numa.core.feature;

import com.numa.boot.AgentLayout;
import com.numa.core.flags.CoreFlags;
import com.numa.core.flags.Flag;
import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagSet;
import com.numa.core.flags.FlagValues;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * The one registry of features: the providers of {@link Feature} named in {@code META-INF/services} files on the
 * class path (the product's own list is the front door's; a test or a plug-in adds a line in a file of its own).
 * Features start in registry order. The agent reads the product's own list from its jar first
 * ({@link #loadFromJarOf}) and looks on the class path only for a flag none of those features knows. Everything that
 * knows about features asks here: the flag set of every entry point ({@link #flagSet()}), the agent
 * ({@link #startEnabled}), the profiler's exclusions ({@link #toolPackages}).
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

    /**
     * The features listed in the services file of the jar {@code anchor} was loaded from, read from that jar alone
     * (plug-ins elsewhere on the class path are not seen); null when {@code anchor} does not come from a jar (classes
     * directories: tests, mx) or its jar lists none. For premain: {@link ServiceLoader} looks for the file in every
     * module of the JDK and every class-path entry and opens each through a JarURLConnection, ~4 ms and ~100 classes
     * before the application's main. The jar is open already (its class loader read {@code anchor} from it), and
     * opening it again shares the directory the JDK parsed then.
     */
    public static FeatureRegistry loadFromJarOf(Class<?> anchor, Consumer<String> problems) {
        CodeSource source = anchor.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        if (location == null || !location.getPath().endsWith(".jar")) {
            return null;
        }
        List<String> names;
        try (JarFile jar = new JarFile(new File(location.toURI()))) {
            String services = "META-INF/services/" + Feature.class.getName();
            ZipEntry list = jar.getEntry(services);
            if (list == null) {
                list = jar.getEntry(AgentLayout.entryName(services)); // the packaged jar keeps it with our classes
            }
            if (list == null) {
                return null;
            }
            try (InputStream in = jar.getInputStream(list)) {
                names = providerNames(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException | URISyntaxException | IllegalArgumentException e) {
            return null; // the class path's registry then
        }
        List<Feature> found = new ArrayList<>();
        for (String name : names) {
            try {
                found.add(Class.forName(name, true, anchor.getClassLoader()).asSubclass(Feature.class)
                        .getDeclaredConstructor().newInstance());
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                problems.accept("a registered feature cannot be loaded and is left out: " + name + ": " + e);
            }
        }
        return found.isEmpty() ? null : new FeatureRegistry(found);
    }

    /** The class names of a services file: one per line, '#' starts a comment, blanks are ignored. */
    static List<String> providerNames(String text) {
        List<String> names = new ArrayList<>();
        for (String line : text.split("\n")) {
            int hash = line.indexOf('#');
            String name = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return names;
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

    /** The java options of the enabled features ({@link Feature#javaOptions}), in registry order. */
    public List<String> javaOptions(FlagValues flags, int javaFeature) {
        List<String> options = new ArrayList<>();
        for (Feature f : features) {
            if (flags.get(f.enableFlag())) {
                options.addAll(f.javaOptions(flags, javaFeature));
            }
        }
        return options;
    }

    /**
     * The java options a JVM started with these NUMA flags ({@code -XX:} form) needs, from the features registered on
     * the class path of this launcher; none when the flags do not parse (the agent reports them).
     */
    public static List<String> javaOptionsFor(List<String> numaFlags, int javaFeature) {
        if (numaFlags.isEmpty()) {
            return List.of();
        }
        FeatureRegistry registry = load(FeatureRegistry.class.getClassLoader(), problem -> { });
        try {
            return registry.javaOptions(registry.flagSet().parse(numaFlags), javaFeature);
        } catch (FlagException e) {
            return List.of();
        }
    }

    /**
     * Starts every enabled feature, in registry order. A feature that needs the topology when there is none, says it
     * is unsupported, or throws, is reported once and stays off; the others still start. Returns the names of the
     * features that started.
     */
    public List<String> startEnabled(FeatureContext context) {
        List<String> started = new ArrayList<>();
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
                started.add(name);
            } catch (Exception | LinkageError e) {
                // LinkageError included: a missing native library must not take the application down
                context.log().once(name, name + ": " + (e.getMessage() != null ? e.getMessage() : e.toString())
                        + "; " + name + " is off, the application runs on");
            }
        }
        return started;
    }
}
