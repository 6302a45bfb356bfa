package com.numa.characterize.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.JsonFiles;
import com.numa.core.window.MeasurementWindow;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dacapo.harness.CommandLineArgs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The adapters driven in this JVM, for the cases the child-JVM runs do not reach. */
class AdaptersTest {

    @TempDir
    Path dir;

    private Path iterations;
    private String savedFile;
    private String savedWarmup;

    @BeforeEach
    void writeIterationsHere() {
        iterations = dir.resolve("iterations.jsonl");
        savedFile = System.getProperty(MeasurementWindow.FILE_PROPERTY);
        savedWarmup = System.getProperty(WarmupCount.PROPERTY);
        System.setProperty(MeasurementWindow.FILE_PROPERTY, iterations.toString());
        System.clearProperty(WarmupCount.PROPERTY);
    }

    @AfterEach
    void restore() {
        restore(MeasurementWindow.FILE_PROPERTY, savedFile);
        restore(WarmupCount.PROPERTY, savedWarmup);
    }

    private static void restore(String name, String value) {
        if (value == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, value);
        }
    }

    private List<JsonNode> lines() throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : Files.readAllLines(iterations)) {
            nodes.add(JsonFiles.mapper().readTree(line));
        }
        return nodes;
    }

    private static List<Boolean> field(List<JsonNode> lines, String name) {
        return lines.stream().map(l -> l.get(name).asBoolean()).toList();
    }

    private static CommandLineArgs dacapoCommandLine(String... args) throws ReflectiveOperationException {
        Constructor<CommandLineArgs> c = CommandLineArgs.class.getDeclaredConstructor(String[].class);
        c.setAccessible(true);
        return c.newInstance((Object) args);
    }

    private static void runDacapo(NumaDacapoCallback callback, String bench, boolean... valid) {
        int i = 0;
        do {
            callback.start(bench);
            callback.stop(1);
            callback.complete(bench, valid[i++]);
        } while (callback.runAgain());
    }

    @Test
    void withoutNumaWarmupDacapoKeepsItsOwnWarmupsAllButTheLast() throws Exception {
        runDacapo(new NumaDacapoCallback(dacapoCommandLine("-n", "3", "fop")), "fop", true, true, true);
        assertEquals(List.of(true, true, false), field(lines(), "warmup"));
    }

    @Test
    void numaWarmupDecidesAndAFailedValidationIsReported() throws Exception {
        System.setProperty(WarmupCount.PROPERTY, "0");
        runDacapo(new NumaDacapoCallback(dacapoCommandLine("-n", "2", "fop")), "fop", true, false);
        List<JsonNode> lines = lines();
        assertEquals(List.of(false, false), field(lines, "warmup"));
        assertEquals(List.of(true, false), field(lines, "passed"));
    }

    @Test
    void aBadWarmupPropertyIsAnErrorNotZero() {
        System.setProperty(WarmupCount.PROPERTY, "two");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new NumaDacapoCallback(dacapoCommandLine("-n", "2", "fop")));
        assertEquals("-Dnuma.warmup must be a warm-up count (0 or more), not 'two'", e.getMessage());
    }

    @Test
    void theRenaissancePluginArgumentOverridesTheProperty() throws IOException {
        System.setProperty(WarmupCount.PROPERTY, "0");
        NumaRenaissancePlugin plugin = new NumaRenaissancePlugin(new String[] {"warmup=2"});
        for (int op = 0; op < 3; op++) {
            plugin.afterOperationSetUp("scrabble", op, op == 2);
            plugin.beforeOperationTearDown("scrabble", op, 1000 + op);
            plugin.onMeasurementResult("scrabble", "uptime_ns", 5);
            plugin.onMeasurementResult("scrabble", "duration_ns", 1000 + op);
        }
        plugin.beforeBenchmarkTearDown("scrabble");
        List<JsonNode> lines = lines();
        assertEquals(List.of(true, true, false), field(lines, "warmup"));
        assertEquals(List.of(1000L, 1001L, 1002L), lines.stream().map(l -> l.get("duration_ns").asLong()).toList());
    }

    @Test
    void aRenaissanceRepetitionThatThrowsIsEndedAtTearDownAsFailed() throws IOException {
        NumaRenaissancePlugin plugin = new NumaRenaissancePlugin();
        plugin.afterOperationSetUp("scrabble", 0, false);
        plugin.beforeBenchmarkTearDown("scrabble");
        List<JsonNode> lines = lines();
        assertEquals(List.of(false), field(lines, "passed"));
        assertEquals(List.of(false), field(lines, "warmup"));
    }

    @Test
    void anUnknownPluginArgumentIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new NumaRenaissancePlugin(new String[] {"warmups=2"}));
        assertEquals("unknown argument 'warmups=2' (expected warmup=<count>)", e.getMessage());
    }
}
