package com.numa.characterize.harness;

import static com.numa.characterize.harness.Fixtures.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command lines {@link RenaissanceSuite} gives the runner, against a fake Renaissance jar. */
class RenaissanceSuiteTest {
    private static final Path AGENT = Path.of("/opt/numa/numa-agent.jar");
    private static final String PLUGIN = AGENT + "!com.numa.characterize.harness.NumaRenaissancePlugin";

    @TempDir
    Path dir;

    private Path jar() throws IOException {
        return FakeJars.renaissance(dir, Fixtures.RENAISSANCE_PROPERTIES);
    }

    private static List<String> arguments(Path jar, RunOptions options) {
        List<Benchmark> list = new RenaissanceSuite(jar).benchmarks(options);
        assertEquals(1, list.size());
        return list.get(0).javaArguments(options, AGENT);
    }

    @Test
    void listsTheBenchmarksOfItsMetadataWithoutTheDummyOnes() throws IOException {
        RenaissanceSuite suite = new RenaissanceSuite(jar());
        assertEquals("renaissance", suite.name());
        assertEquals(List.of("failing", "fj-kmeans", "scrabble"), suite.benchmarkNames());
        Benchmark b = suite.benchmarks(options(4, 1, 2, null, false, "scrabble")).get(0);
        assertEquals(Optional.of("scrabble"), b.paperCounterpart());
    }

    @Test
    void aBenchmarkWithAThreadCountParameterGetsItAsAnOverride() throws IOException {
        Path jar = jar();
        assertEquals(List.of("-Dnuma.warmup=1", "-jar", jar.toString(), "--plugin", PLUGIN, "-r", "3",
                "-o", "thread_count=8", "fj-kmeans"), arguments(jar, options(8, 1, 2, null, false, "fj-kmeans")));
    }

    @Test
    void aBenchmarkWithoutOneRunsAtItsOwnParallelism() throws IOException {
        Path jar = jar();
        assertEquals(List.of("-Dnuma.warmup=2", "-jar", jar.toString(), "--plugin", PLUGIN, "-r", "7", "scrabble"),
                arguments(jar, options(8, 2, 5, null, false, "scrabble")));
    }

    @Test
    void aQuickLookUsesTheTestConfigurationWhereThereIsOne() throws IOException {
        Path jar = jar();
        assertEquals(List.of("-r", "1", "-c", "test", "scrabble"),
                tail(arguments(jar, options(0, 0, 1, null, true, "scrabble")), 5));
        assertEquals(List.of("-r", "1", "failing"), tail(arguments(jar, options(0, 0, 1, null, true, "failing")), 3));
    }

    @Test
    void aConfigurationABenchmarkLacksIsAnErrorListingItsConfigurations() throws IOException {
        RenaissanceSuite suite = new RenaissanceSuite(jar());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> suite.benchmarks(options(4, 1, 2, "test", false)));
        assertEquals("configuration 'test' (--size) is not defined for renaissance failing (default)", e.getMessage());
    }

    @Test
    void anUnknownBenchmarkIsNamedWithTheKnownOnes() throws IOException {
        RenaissanceSuite suite = new RenaissanceSuite(jar());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> suite.benchmarks(options(4, 1, 2, null, false, "dummy-empty")));
        assertEquals("unknown renaissance benchmark dummy-empty; renaissance-fake.jar has: failing, fj-kmeans, scrabble",
                e.getMessage());
    }

    @Test
    void theSuiteNamesThePluginItsHostSideCannotLoad() {
        assertEquals(NumaRenaissancePlugin.class.getName(), RenaissanceSuite.PLUGIN_CLASS);
    }

    private static List<String> tail(List<String> list, int n) {
        return list.subList(list.size() - n, list.size());
    }
}
