package com.numa.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.apps.Application;
import com.numa.core.apps.Applications;
import com.numa.core.child.ChildRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The corpus: every application of the registry runs without the agent, then under each feature;
 * each run must end the same way (exit code), print the same thing (the checksum) and finish within the time bound.
 * A known breakage of a feature is listed in {@link #KNOWN_FAILURES} with its symptom and skipped, not hidden.
 */
@Tag("slow")
class CorpusIT {
    /** The features of the check, as NUMA flags. */
    enum Feature {
        PERFUTIL(List.of("-XX:+PerfUtil")),
        PROFILER(List.of("-XX:+NUMAProfiler", "-XX:+NUMAProfilerQuiet")),
        PROFILER_SAMPLED(List.of("-XX:+NUMAProfiler", "-XX:NUMAProfilerSampling=64", "-XX:+NUMAProfilerQuiet")),
        /** As numa characterize --quick profiles: the JDK's java.util and java.util.concurrent retransformed. */
        PROFILER_PROGRAM(List.of("-XX:+NUMAProfiler", "-XX:NUMAProfilerCoverage=program", "-XX:NUMAProfilerSampling=16",
                "-XX:+NUMAProfilerQuiet")),
        OPTS_TWO_NODES(List.of("-XX:+NUMAOpts", "-XX:NUMATopology=2"));

        final List<String> flags;

        Feature(List<String> flags) {
            this.flags = flags;
        }
    }

    /**
     * "application/FEATURE" to the symptom seen; these cases are skipped with the symptom as the reason. Empty since
     * the profiler's header word stopped being visible to reflection (PMD under the profiler
     * exited 1 instead of 4 on the injected public accessor).
     */
    static final Map<String, String> KNOWN_FAILURES = Map.of();

    private static final Map<String, ChildRun> BASELINES = new ConcurrentHashMap<>();

    /** The features checked: all, or those named by -Dnuma.corpus.features=PROFILER_PROGRAM,... (a shorter run). */
    static Stream<Arguments> cases() {
        List<String> only = List.of(System.getProperty("numa.corpus.features", "").split(","));
        List<Arguments> out = new ArrayList<>();
        for (Application a : Applications.builtBy(Application.APPS_MODULE)) {
            for (Feature f : Feature.values()) {
                if (!only.equals(List.of("")) && !only.contains(f.name())) {
                    continue;
                }
                out.add(Arguments.of(a.name(), f));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("cases")
    void sameResultUnderTheFeature(String name, Feature feature, @TempDir Path dir) throws Exception {
        String known = KNOWN_FAILURES.get(name + "/" + feature);
        Assumptions.assumeTrue(known == null, () -> "known failure: " + known);
        Application a = Applications.named(name).orElseThrow();
        ChildRun without = baseline(a);
        ChildRun with = Corpus.run(a, feature.flags, Corpus.SHORT_RUN, dir.resolve("with"));
        assertFalse(with.timedOut(), () -> name + " under " + feature + " ran past " + Corpus.TIME_BOUND + "\n" + with.diagnostics());
        assertEquals(without.exitCode(), with.exitCode(), () -> "exit code under " + feature + "\n" + with.diagnostics());
        assertEquals(Corpus.normalized(without.stdout()), Corpus.normalized(with.stdout()),
                () -> "output under " + feature + "\n" + with.diagnostics());
    }

    /**
     * As it was found: Jython's own launcher ({@code jython script.py}) running a threaded script
     * under the profiler with ConcurrentHashMap retransformed. It hung forever (the thread-role lookup recursed through
     * class loading into the retransformed map until the stack overflowed, and main waited for the dead threads); it
     * must now end as it does without the agent, in full and in sampled mode.
     */
    @ParameterizedTest(name = "jython launcher with ConcurrentHashMap retransformed, sampling {0}")
    @ValueSource(ints = {1, 64})
    void jythonLauncherUnderRetransformedConcurrentHashMap(int sampling, @TempDir Path dir) throws Exception {
        Application jython = Applications.named(JythonDriver.NAME).orElseThrow();
        Path script = JythonDriver.writeScript(Files.createDirectories(dir.resolve("script")), 2,
                JythonDriver.ROUNDS);
        List<String> args = List.of(script.toString());
        ChildRun without = Corpus.runMain(jython, JYTHON_LAUNCHER, null, args, dir.resolve("without"), List.of(),
                Corpus.TIME_BOUND);
        assertTrue(without.succeeded(), () -> "jython without the agent\n" + without.diagnostics());
        assertTrue(without.stdout().startsWith("checksum="), () -> "the script printed no checksum\n" + without.diagnostics());
        ChildRun with = Corpus.runMain(jython, JYTHON_LAUNCHER, List.of("-XX:+NUMAProfiler", "-XX:+NUMAProfilerQuiet",
                "-XX:NUMAProfilerSampling=" + sampling, "-XX:NUMAProfilerRetransform=java.util.concurrent.ConcurrentHashMap*"),
                args, dir.resolve("with"), List.of(), Corpus.TIME_BOUND);
        assertFalse(with.timedOut(), () -> "jython hung under the profiler\n" + with.diagnostics());
        assertEquals(without.exitCode(), with.exitCode(), () -> with.diagnostics());
        assertEquals(without.stdout().strip(), with.stdout().strip(), () -> with.diagnostics());
        assertFalse(with.stderr().contains("StackOverflowError"), () -> with.diagnostics());
        assertTrue(Files.isRegularFile(dir.resolve("with/numa-profile/summary.json")),
                () -> "no profile written\n" + with.diagnostics());
    }

    /** Jython's command-line launcher (what {@code java -jar jython-standalone.jar} runs). */
    private static final String JYTHON_LAUNCHER = "org.python.util.jython";

    /** The run without the agent, once per application: it must succeed and print its checksum. */
    private static ChildRun baseline(Application a) {
        return BASELINES.computeIfAbsent(a.name(), n -> {
            try {
                ChildRun r = Corpus.run(a, null, Corpus.SHORT_RUN, Path.of(System.getProperty("numa.test.output"), "corpus", n));
                assertTrue(r.succeeded(), () -> n + " without the agent\n" + r.diagnostics());
                assertTrue(r.stdout().startsWith("checksum="), () -> n + " printed no checksum\n" + r.diagnostics());
                return r;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }
}
