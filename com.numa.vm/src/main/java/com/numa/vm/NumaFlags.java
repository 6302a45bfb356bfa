package com.numa.vm;

import com.numa.core.feature.FeatureRegistry;
import com.numa.core.log.NumaLog;
import com.numa.core.flags.Flag;
import com.numa.core.flags.FlagSet;
import com.numa.core.flags.NearestNames;
import java.util.List;
import java.util.Locale;

/**
 * The NUMA {@code -XX:} flags of this product: the flag set of the feature registry on the class path (the global flags
 * and every registered feature's), which the launcher, the agent and {@code mx vm} all parse through.
 *
 * <p>A {@code -XX:} argument is ours when it names a declared flag, starts with a family prefix (NUMATopology,
 * PrintNUMAFlags, and each feature's: PerfUtil, NUMAProfiler, NUMAOpts, ...), or is a near miss of a declared name (e.g.
 * {@code -XX:+PrintNUMAFlag}); such an argument gets our error message with a suggestion instead of HotSpot's
 * "Unrecognized VM option". Everything else (HotSpot's own {@code -XX:+UseNUMA}, ...) belongs to java.
 */
public final class NumaFlags {

    /** Short names are too easily near a HotSpot flag to be claimed on edit distance alone. */
    private static final int NEAR_MISS_MIN_LENGTH = 6;

    private static final FeatureRegistry REGISTRY = FeatureRegistry.load(NumaFlags.class.getClassLoader(),
            NumaLog.stderr());
    private static final FlagSet SET = REGISTRY.flagSet();

    private NumaFlags() {
    }

    /** The combined flag set. */
    public static FlagSet set() {
        return SET;
    }

    /** The feature registry of the class path this class was loaded from. */
    public static FeatureRegistry registry() {
        return REGISTRY;
    }

    /** True when {@code arg} is a NUMA-family -XX: argument, possibly misspelt; false for java's own arguments. */
    public static boolean claims(String arg) {
        if (SET.owns(arg)) {
            return true;
        }
        if (!arg.startsWith("-XX:")) {
            return false;
        }
        String name = arg.substring(4).replaceFirst("^[+-]", "");
        int eq = name.indexOf('=');
        name = eq < 0 ? name : name.substring(0, eq);
        if (name.length() < NEAR_MISS_MIN_LENGTH) {
            return false;
        }
        List<String> declared = SET.flags().stream().map(Flag::name).toList();
        for (String n : NearestNames.of(name, declared, 1)) {
            // one slip in a short name, two in a long one
            int limit = name.length() < 10 ? 1 : 2;
            if (NearestNames.distance(name.toLowerCase(Locale.ROOT), n.toLowerCase(Locale.ROOT)) <= limit) {
                return true;
            }
        }
        return false;
    }
}
