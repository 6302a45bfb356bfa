package com.numa.vm;

import com.numa.perfutil.PerfUtilFlags;
import com.numa.perfutil.flags.Flag;
import com.numa.perfutil.flags.FlagSet;
import com.numa.perfutil.flags.NearestNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one registry of NUMA {@code -XX:} flags: every module's declarations combined into a single {@link FlagSet}
 * that the launcher, the agent and {@code mx vm} all parse through.
 *
 * <p>A {@code -XX:} argument is ours when it names a declared flag, starts with a family prefix (PerfUtil,
 * NUMATopology, PrintNUMAFlags, NUMAProfiler, NUMAOpts), or is a near miss of a declared name (e.g.
 * {@code -XX:+PrintNUMAFlag}); such an argument gets our error message with a suggestion instead of HotSpot's
 * "Unrecognized VM option". Everything else (HotSpot's own {@code -XX:+UseNUMA}, ...) belongs to java.
 */
public final class NumaFlags {

    /** Short names are too easily near a HotSpot flag to be claimed on edit distance alone. */
    private static final int NEAR_MISS_MIN_LENGTH = 6;

    private static final FlagSet SET = new FlagSet(prefixes(), flags());

    private NumaFlags() {
    }

    /** The combined flag set. */
    public static FlagSet set() {
        return SET;
    }

    static List<String> prefixes() {
        List<String> p = new ArrayList<>(PerfUtilFlags.FAMILY_PREFIXES);
        p.addAll(FeatureEntryPoints.modulePrefixes());
        return p;
    }

    static List<Flag<?>> flags() {
        List<Flag<?>> all = new ArrayList<>(PerfUtilFlags.all());
        all.addAll(FeatureEntryPoints.moduleFlags());
        return all;
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
