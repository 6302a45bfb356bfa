package com.numa.core.feature;

import com.numa.core.flags.Flag;
import com.numa.core.flags.FlagValues;
import java.util.List;
import java.util.Optional;

/**
 * One capability the agent can start inside the application's JVM (PerfUtil, NUMAProfiler, NUMAOpts, ...): its flag
 * family, its enable flag, what it needs, and how it starts. A feature is one class behind this interface plus one
 * line in the registry ({@link FeatureRegistry}); the launcher, the agent, {@code -XX:+PrintNUMAFlags}, docs/flags.md's
 * flag table and the profiler's own exclusions all read the registry, so nothing else has to name it.
 *
 * <p>A feature never takes the application down: it reports through {@link FeatureContext#log()}, and anything it
 * throws from {@link #start} turns off that feature only.
 */
public interface Feature {

    /** The name used in messages: the enable flag's name (PerfUtil, NUMAProfiler, NUMAOpts). */
    default String name() {
        return enableFlag().name();
    }

    /** The boolean flag that turns the feature on ({@code -XX:+Name}). */
    Flag<Boolean> enableFlag();

    /** Every flag of the feature (the enable flag included), in the order {@code -XX:+PrintNUMAFlags} lists them. */
    List<Flag<?>> flags();

    /**
     * Name prefixes of the family: a {@code -XX:} argument starting with one of these is this feature's, so a
     * misspelling is our error with a suggestion, not java's "Unrecognized VM option".
     */
    List<String> flagPrefixes();

    /** Whether {@link #start} needs {@link FeatureContext#topology()}; without one the feature stays off, and says so. */
    default boolean needsTopology() {
        return true;
    }

    /** Class patterns ({@code a.b.**}) of the feature's own code, which the profiler must never instrument. */
    default List<String> ownPackages() {
        return List.of(getClass().getPackageName() + ".**");
    }

    /**
     * Why the feature cannot run in this context, or empty when it can: "unsupported, because ..." is an answer,
     * printed once, rather than an exception at the end.
     */
    default Optional<String> unsupportedBecause(FeatureContext context) {
        return Optional.empty();
    }

    /**
     * What can be known before the JVM starts (the launcher runs on the machine the JVM will run on): a flag value
     * that would turn the feature off or lose its output is an error, one it has a fallback for is a warning. Called
     * by the launcher for enabled features only.
     */
    default void check(FlagValues flags, LaunchProblems problems) {
    }

    /**
     * Options the JVM must be started with for this enabled feature (the launchers add them before the agent's);
     * empty when it needs none. Never throws: what it cannot prepare it leaves to the agent's own fallback.
     * {@code javaFeature}: the target JDK's feature version (e.g. 17, 25), -1 when unknown (HotSpot rejects some
     * options a version lacks).
     */
    default List<String> javaOptions(FlagValues flags, int javaFeature) {
        return List.of();
    }

    /** Starts the feature (daemon threads, exit hooks) and returns; a throw turns off this feature only. */
    void start(FeatureContext context) throws Exception;
}
