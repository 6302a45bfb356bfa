package com.numa.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.bench.opt.OptDoNoHarm;
import com.numa.bench.opt.OptOverhead;
import com.numa.bench.profiler.LibrarySuiteRun;
import com.numa.bench.profiler.ProfilerOverhead;
import com.numa.bench.speedup.SpeedupOverhead;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The drivers' usage errors: exit 2 and one line {@code <Tool>: <problem> (see --help)}, before any JVM starts. */
class BenchCommandLineTest {
    interface Driver {
        int run(String[] args, PrintStream err);
    }

    /** Runs {@code driver} in-process; returns its one line of stderr after checking the exit code and the form. */
    private static String usageError(String tool, Driver driver, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = driver.run(args, new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        List<String> lines = text.lines().toList();
        assertEquals(BenchCommandLine.USAGE_ERROR, exit, text);
        assertEquals(1, lines.size(), text);
        assertTrue(lines.get(0).startsWith(tool + ": ") && lines.get(0).endsWith(" (see --help)"), text);
        return lines.get(0);
    }

    @Test
    void anUnknownOptionIsOneLineAndExitTwo() {
        assertTrue(usageError("ProfilerOverhead", ProfilerOverhead::run, "--rnus", "3").contains("'--rnus'"));
        assertTrue(usageError("OptOverhead", OptOverhead::run, "--rnus", "3").contains("'--rnus'"));
        assertTrue(usageError("SpeedupOverhead", SpeedupOverhead::run, "--rnus", "3").contains("'--rnus'"));
        assertTrue(usageError("LibrarySuiteRun", LibrarySuiteRun::run, "--console", "c.jar", "--class-path", "t",
                "--scan", "t", "--agnet-args", "-XX:NUMAProfilerSampling=64").contains("'--agnet-args'"));
    }

    @Test
    void aMissingValueIsNamedNotAnIndexOutOfBounds() {
        assertTrue(usageError("OptOverhead", OptOverhead::run, "--runs").contains("'--runs'"));
        assertTrue(usageError("OptOverhead", OptOverhead::run, "--workloads", "matrix", "--csv").contains("'--csv'"));
        assertTrue(usageError("ProfilerOverhead", ProfilerOverhead::run, "--scale").contains("'--scale'"));
        assertTrue(usageError("LibrarySuiteRun", LibrarySuiteRun::run, "--console").contains("'--console'"));
    }

    @Test
    void aNonNumberIsRefused() {
        assertTrue(usageError("OptOverhead", OptOverhead::run, "--runs", "five").contains("'five'"));
        assertTrue(usageError("OptOverhead", OptOverhead::run, "--cpu", "0x").contains("'0x'"));
        assertTrue(usageError("ProfilerOverhead", ProfilerOverhead::run, "--scale", "big").contains("'big'"));
    }

    @Test
    void valuesOutOfRangeAndUnknownNamesAreUsageErrorsToo() {
        assertTrue(usageError("ProfilerOverhead", ProfilerOverhead::run, "--runs", "0").contains("--runs"));
        assertTrue(usageError("OptOverhead", OptOverhead::run, "--scale", "0").contains("--scale"));
        assertTrue(usageError("OptOverhead", OptOverhead::run, "--workloads", "matrx").contains("'matrx'"));
        assertTrue(usageError("ProfilerOverhead", ProfilerOverhead::run, "--modes", "fast").contains("'fast'"));
        assertTrue(usageError("ProfilerOverhead", ProfilerOverhead::run, "--accesses", "some").contains("'some'"));
        assertTrue(usageError("LibrarySuiteRun", LibrarySuiteRun::run).contains("--console"));
        assertTrue(usageError("SpeedupOverhead", SpeedupOverhead::run, "--pairs", "0").contains("--pairs"));
        assertTrue(usageError("SpeedupOverhead", SpeedupOverhead::run, "--benchmarks", "nosuch").contains("'nosuch'"));
        assertTrue(usageError("SpeedupOverhead", SpeedupOverhead::run, "--suite", "dacapo:x.jar").contains("builtin or apps"));
    }

    @Test
    void badNumaFlagsStopBeforeAnyRun() {
        assertTrue(usageError("OptOverhead", OptOverhead::run, "-XX:NUMAOptsIntervl=5").contains("NUMAOptsIntervl"));
        assertTrue(usageError("OptOverhead", OptOverhead::run, "stray").contains("'stray'"));
        assertTrue(usageError("OptDoNoHarm", OptDoNoHarm::run, "-XX:NUMAOptsIntervl=5").contains("NUMAOptsIntervl"));
        assertTrue(usageError("OptDoNoHarm", OptDoNoHarm::run, "--suites", "dacapo").contains("'dacapo'"));
        assertTrue(usageError("OptDoNoHarm", OptDoNoHarm::run, "--runs", "0").contains("--runs"));
        assertTrue(usageError("ProfilerOverhead", ProfilerOverhead::run, "--profiler-flags",
                "-XX:NUMAProfilerSampling=0").contains("NUMAProfilerSampling"));
        assertTrue(usageError("LibrarySuiteRun", LibrarySuiteRun::run, "--console", "c.jar", "--class-path", "t",
                "--scan", "t", "--agent-args", "-XX:NUMAProfilerBogus").contains("NUMAProfilerBogus"));
    }

    @Test
    void helpListsTheWorkloadsAndExitsZero() {
        PrintStream stdout = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = OptOverhead.run(new String[] {"--help"}, System.err);
        } finally {
            System.setOut(stdout);
        }
        String help = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, help);
        assertTrue(help.contains("--workloads") && help.contains("imbalanced-workers")
                && help.contains("70% of the work") && help.contains("object-graph"), help);
    }
}
