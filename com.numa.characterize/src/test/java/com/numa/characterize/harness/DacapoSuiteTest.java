package com.numa.characterize.harness;

import static com.numa.characterize.harness.Fixtures.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.suite.Benchmark;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command lines {@link DacapoSuite} gives the runner, against a fake DaCapo jar. */
class DacapoSuiteTest {
    private static final Path AGENT = Path.of("/opt/numa/numa-agent.jar");

    @TempDir
    Path dir;

    private Path jar() throws IOException {
        return FakeJars.dacapo(dir, Fixtures.DACAPO_CNFS, Map.of());
    }

    private static Benchmark only(DacapoSuite suite, com.numa.characterize.suite.RunOptions options) {
        List<Benchmark> list = suite.benchmarks(options);
        assertEquals(1, list.size());
        return list.get(0);
    }

    @Test
    void listsTheBenchmarksTheJarDescribes() throws IOException {
        DacapoSuite suite = new DacapoSuite(jar());
        assertEquals("dacapo", suite.name());
        assertEquals(List.of("fop", "lusearch"), suite.benchmarkNames());
        assertEquals(List.of("fop", "lusearch"), suite.benchmarks(options(4, 1, 2, null, false)).stream().map(Benchmark::name).toList());
    }

    @Test
    void aPerCpuBenchmarkGetsCallbackIterationsAndThreads() throws IOException {
        Path jar = jar();
        Benchmark b = only(new DacapoSuite(jar), options(8, 1, 2, null, false, "lusearch"));
        assertEquals(List.of("-Dnuma.warmup=1", "-cp", jar + File.pathSeparator + AGENT, "Harness",
                "-c", "com.numa.characterize.harness.NumaDacapoCallback", "-n", "3", "-t", "8", "lusearch"),
                b.javaArguments(options(8, 1, 2, null, false, "lusearch"), AGENT));
        assertTrue(b.marksIterations());
        assertEquals(Optional.of("lusearch"), b.paperCounterpart());
    }

    @Test
    void aSingleThreadedBenchmarkGetsNoThreadCountAndASizeWhenNotDefault() throws IOException {
        Path jar = jar();
        Benchmark b = only(new DacapoSuite(jar), options(8, 3, 5, "small", false, "fop"));
        assertEquals(List.of("-Dnuma.warmup=3", "-cp", jar + File.pathSeparator + AGENT, "Harness",
                "-c", DacapoSuite.CALLBACK_CLASS, "-n", "8", "-s", "small", "fop"),
                b.javaArguments(options(8, 3, 5, "small", false, "fop"), AGENT));
    }

    @Test
    void aQuickLookRunsSmallAndClampsThreadsToTheSizesLimitSayingSo() throws IOException {
        List<String> notes = new ArrayList<>();
        DacapoSuite suite = new DacapoSuite(jar(), notes::add);
        Benchmark b = only(suite, options(16, 0, 1, null, true, "lusearch"));
        List<String> args = b.javaArguments(options(16, 0, 1, null, true, "lusearch"), AGENT);
        assertEquals(List.of("-n", "1", "-t", "4", "-s", "small", "lusearch"), args.subList(args.size() - 7, args.size()));
        assertEquals(List.of("dacapo lusearch: size small allows at most 4 threads; running 4 instead of 16"), notes);
    }

    @Test
    void theManifestsModuleOptionsBecomeJavaOptionsBecauseMinusCpIgnoresThem() throws IOException {
        Path jar = FakeJars.dacapo(dir, Fixtures.DACAPO_CNFS, Map.of(
                "Add-Exports", "java.base/jdk.internal.ref java.base/jdk.internal.misc java.base/jdk.internal.ref",
                "Add-Opens", "java.base/java.lang"));
        Benchmark b = only(new DacapoSuite(jar), options(0, 0, 1, null, false, "fop"));
        assertEquals(List.of("-Dnuma.warmup=0", "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
                "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED", "-cp"),
                b.javaArguments(options(0, 0, 1, null, false, "fop"), AGENT).subList(0, 5));
    }

    @Test
    void anUnknownBenchmarkIsNamedWithTheKnownOnes() throws IOException {
        DacapoSuite suite = new DacapoSuite(jar());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> suite.benchmarks(options(4, 1, 2, null, false, "lusearch", "h3", "avrora")));
        assertEquals("unknown dacapo benchmarks h3, avrora; dacapo-fake.jar has: fop, lusearch", e.getMessage());
    }

    @Test
    void aSizeABenchmarkLacksIsAnErrorListingItsSizes() throws IOException {
        DacapoSuite suite = new DacapoSuite(jar());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> suite.benchmarks(options(4, 1, 2, "large", false)));
        assertEquals("size 'large' is not defined for dacapo fop (small, default), lusearch (small, default)", e.getMessage());
    }

    @Test
    void noMeasuredIterationIsAnError() throws IOException {
        DacapoSuite suite = new DacapoSuite(jar());
        assertThrows(IllegalArgumentException.class, () -> suite.benchmarks(options(4, 1, 0, null, false)));
    }

    @Test
    void theSuiteNamesTheCallbackItsHostSideCannotLoad() {
        assertEquals(NumaDacapoCallback.class.getName(), DacapoSuite.CALLBACK_CLASS);
    }
}
