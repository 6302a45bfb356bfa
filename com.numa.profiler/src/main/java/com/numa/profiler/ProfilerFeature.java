package com.numa.profiler;

import com.numa.core.feature.Feature;
import com.numa.core.feature.FeatureContext;
import com.numa.core.feature.LaunchProblems;
import com.numa.core.flags.Flag;
import com.numa.core.flags.FlagValues;
import com.numa.core.io.OutputPaths;
import com.numa.profiler.instrument.HiddenIntrinsics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code -XX:+NUMAProfiler}: object-level profiling (see {@link NumaProfiler}). */
public final class ProfilerFeature implements Feature {

    @Override
    public Flag<Boolean> enableFlag() {
        return ProfilerFlags.ENABLE;
    }

    @Override
    public List<Flag<?>> flags() {
        return ProfilerFlags.all();
    }

    @Override
    public List<String> flagPrefixes() {
        return ProfilerFlags.FAMILY_PREFIXES;
    }

    /**
     * The profiler's packages, one level each: its subpackages other than the hook runtime are application-like test
     * programs (ground truth) that must be profiled.
     */
    @Override
    public List<String> ownPackages() {
        return List.of("com.numa.profiler.*", "com.numa.profiler.instrument.*", "com.numa.profiler.tracking.*",
                "com.numa.profiler.report.*", "com.numa.profiler.rt.*", "com.numa.profiler.sharing.*");
    }

    /**
     * The hook runtime on the boot class path from the JVM's start: appended later, from the agent, HotSpot turns off
     * class sharing for every loader but the boot loader and says so in a warning on every run. Under program coverage,
     * also the intrinsics that would hide instrumented JDK methods once compiled ({@link HiddenIntrinsics}).
     */
    @Override
    public List<String> javaOptions(FlagValues flags, int javaFeature) {
        List<String> options = new ArrayList<>();
        BootstrapRuntime.cachedJar().ifPresent(jar -> options.add("-Xbootclasspath/a:" + jar));
        if (flags.get(ProfilerFlags.COVERAGE) == ProfilerFlags.Coverage.PROGRAM) {
            options.addAll(HiddenIntrinsics.disablingOptions(javaFeature));
        }
        return options;
    }

    @Override
    public Optional<String> unsupportedBecause(FeatureContext context) {
        return context.instrumentation() == null
                ? Optional.of("it rewrites bytecode and needs java.lang.instrument: start it as a java agent")
                : Optional.empty();
    }

    /** The profile directory and the trace file: found unwritable only at exit, after the whole run. */
    @Override
    public void check(FlagValues flags, LaunchProblems problems) {
        String output = OutputPaths.expand(flags.get(ProfilerFlags.OUTPUT));
        OutputPaths.optionProblem("-XX:NUMAProfilerOutput=", Path.of(output), true).ifPresent(problems::error);
        String trace = OutputPaths.expand(flags.get(ProfilerFlags.TRACE).trim());
        if (!trace.isEmpty()) {
            OutputPaths.optionProblem("-XX:NUMAProfilerTrace=", Path.of(trace), false).ifPresent(problems::error);
        }
    }

    @Override
    public void start(FeatureContext context) {
        NumaProfiler.start(context);
    }
}
