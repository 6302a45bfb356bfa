package com.numa.characterize.harness;

import static com.numa.characterize.harness.Fixtures.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.Suite;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.io.JsonFiles;
import com.numa.core.window.MeasurementWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command lines run for real, in a child JVM laid out as the runner lays it out ({@code -Dnuma.iterations.file}
 * first, then the suite's java arguments), with the fake harness jars and a stand-in for the agent jar: the
 * iterations file must hold {@code W + I} lines, the first {@code W} of them warm-ups, each with a positive duration.
 */
class HarnessRunIT {

    @TempDir
    Path dir;

    private ChildRun run(Suite suite, RunOptions options, Path iterations) throws IOException {
        Benchmark b = suite.benchmarks(options).get(0);
        Path agent = FakeJars.agentStandIn(dir);
        return ChildJvm.current()
                .options("-D" + MeasurementWindow.FILE_PROPERTY + "=" + iterations)
                .launch(b.javaArguments(options, agent))
                .directory(dir)
                .timeout(Duration.ofMinutes(2))
                .run();
    }

    private static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            nodes.add(JsonFiles.mapper().readTree(line));
        }
        return nodes;
    }

    private static void assertIterations(List<JsonNode> lines, String benchmark, List<Boolean> warmups, List<Boolean> passed) {
        assertEquals(warmups.size(), lines.size(), lines.toString());
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = lines.get(i);
            assertEquals(benchmark, line.get("benchmark").asText());
            assertEquals(i + 1, line.get("iteration").asInt());
            assertEquals(warmups.get(i), line.get("warmup").asBoolean(), line.toString());
            assertEquals(passed.get(i), line.get("passed").asBoolean(), line.toString());
            assertTrue(line.get("duration_ns").asLong() > 0, line.toString());
        }
    }

    @Test
    void dacapoMarksEveryIterationWithOurWarmupCount() throws IOException {
        Path jar = FakeJars.dacapo(dir, Fixtures.DACAPO_CNFS, Map.of());
        Path iterations = dir.resolve("iterations.jsonl");
        ChildRun r = run(new DacapoSuite(jar), options(2, 1, 2, null, false, "lusearch"), iterations);
        assertTrue(r.succeeded(), r.diagnostics());
        assertTrue(r.stdout().contains("fake dacapo: lusearch size=default threads=2 iterations=3"), r.diagnostics());
        assertTrue(r.stderr().contains("===== DaCapo 23.11-chopin lusearch completed warmup 2 in "), r.diagnostics());
        assertTrue(r.stderr().contains("===== DaCapo 23.11-chopin lusearch PASSED in "), r.diagnostics());
        // DaCapo's own view: two warm-ups and one timed iteration; ours: one warm-up and two measured
        assertIterations(lines(iterations), "lusearch", List.of(true, false, false), List.of(true, true, true));
    }

    @Test
    void renaissanceMarksEveryRepetitionWithOurWarmupCount() throws IOException {
        Path jar = FakeJars.renaissance(dir, Fixtures.RENAISSANCE_PROPERTIES);
        Path iterations = dir.resolve("iterations.jsonl");
        ChildRun r = run(new RenaissanceSuite(jar), options(2, 1, 2, null, false, "fj-kmeans"), iterations);
        assertTrue(r.succeeded(), r.diagnostics());
        assertTrue(r.stdout().contains("fake renaissance: fj-kmeans configuration=default overrides={thread_count=2} "
                + "repetitions=3"), r.diagnostics());
        assertIterations(lines(iterations), "fj-kmeans", List.of(true, false, false), List.of(true, true, true));
    }

    @Test
    void aRenaissanceRepetitionThatFailsValidationIsMarkedFailed() throws IOException {
        Path jar = FakeJars.renaissance(dir, Fixtures.RENAISSANCE_PROPERTIES);
        Path iterations = dir.resolve("iterations.jsonl");
        ChildRun r = run(new RenaissanceSuite(jar), options(2, 0, 2, null, false, "failing"), iterations);
        assertEquals(1, r.exitCode(), r.diagnostics());
        assertIterations(lines(iterations), "failing", List.of(false, false), List.of(true, false));
    }
}
