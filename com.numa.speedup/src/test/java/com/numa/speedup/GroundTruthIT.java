package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.numa.core.stats.Stats;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * The whole tool on programs whose limiter is known, at 2 threads, with real child JVMs, JFR and the thread clock. Margins
 * are wide on purpose: the machines have 2 vCPUs with steal and are shared, so only the ranking is asserted, plus a
 * floor under the dominant component. Each run appends its stack and the measurement's cost to
 * target/speedup-groundtruth.txt (the numbers in the README).
 */
@Tag("slow")
class GroundTruthIT {
    private static final String PKG = "com.numa.speedup.groundtruth.";
    private static final Pattern PARALLEL_NS = Pattern.compile("parallel_ns=(\\d+)");
    /**
     * Attempts of a ground-truth program before its stack is judged: a stack whose "other", less its time-sharing
     * part, is the largest bar is measured again. On a shared VM a burst of neighbours' work between the 1-thread and
     * the 2-thread runs stretches T_p without the workers seeing it (host steal), which no component can explain;
     * any other wrong ranking fails at once.
     */
    private static final int NOISY_ATTEMPTS = 3;

    @TempDir
    Path tmp;

    record Outcome(int exitCode, String stderr, Path out, Map<Component, Double> stack, JsonNode json) {
    }

    /**
     * Program, the component that must dominate at 2 threads, a floor under it, and the program's JVM options. The
     * floors hold on a loaded 2-vCPU machine, where neighbours' time-sharing swells "other" and shrinks the rest
     * (GlobalLock's synchronization measured 0.33-0.60 there, SerialInit's initialization 0.24-0.64); the dominance check is what the test is about.
     */
    @ParameterizedTest(name = "{0} is limited by {1}")
    @CsvSource(delimiter = '|', value = {
        "SerialInit      | INITIALIZATION  | 0.15 |",
        "GlobalLock      | SYNCHRONIZATION | 0.15 |",
        "Skewed          | IMBALANCE       | 0.15 |",
        "AllocationHeavy | GC              | 0.15 | -XX:+UseSerialGC -Xmx64m"})
    void theKnownLimiterDominates(String program, Component expected, double floor, String jvmOptions)
            throws Exception {
        String[] options = jvmOptions == null ? new String[0] : jvmOptions.trim().split("\\s+");
        List<String> noisy = new ArrayList<>();
        for (int attempt = 1; attempt <= NOISY_ATTEMPTS; attempt++) {
            Outcome o = speedupStack(program, options);
            if (!unexplainedOtherDominates(o)) {
                assertDominant(o, expected, floor);
                return;
            }
            noisy.add(String.format(Locale.ROOT, "attempt %d: %s, time-sharing %.3f", attempt, o.stack(),
                    o.json().get("stacks").get(0).get("time_sharing").asDouble()));
        }
        throw new AssertionError("\"other\" dominated in every attempt, beyond what time-sharing explains (a machine "
                + "too busy to measure, or a limiter the tool misses): " + String.join("; ", noisy));
    }

    private static boolean unexplainedOtherDominates(Outcome o) {
        if (o.exitCode() != 0) {
            return false;
        }
        Map<Component, Double> ranked = rankedStack(o);
        return dominant(ranked) == Component.OTHER;
    }

    @Test
    void independentWorkScalesAndItsDelimitersAreSmall() throws Exception {
        Outcome o = speedupStack("Scalable");
        assertEquals(0, o.exitCode(), o.stderr());
        for (Component c : List.of(Component.GC, Component.INITIALIZATION, Component.SYNCHRONIZATION,
                Component.IMBALANCE)) {
            assertTrue(o.stack().get(c) <= 0.25, c + " in " + o.stack());
        }
        assertOutputFiles(o.out());
        // The measured speedup is wall time: on a VM whose CPUs other tenants take, the workers sit runnable but not
        // running and the gap goes to "other". Their CPU time tells: assert near-ideal speedup only when they ran.
        double ran = ranFraction(o.json().get("stacks").get(0).get("parallel_run"));
        Assumptions.assumeTrue(ran >= 0.85, String.format(Locale.ROOT, "the machine was busy: the workers ran %.0f%% "
                + "of their lifetime; stack %s", 100 * ran, o.stack()));
        assertTrue(o.stack().get(Component.MEASURED) >= 1.5, "measured speedup " + o.stack());
    }

    /** Summed CPU time over summed lifetime of the workers. */
    private static double ranFraction(JsonNode run) {
        long running = 0;
        long lifetime = 0;
        for (JsonNode w : run.get("workers")) {
            running += w.get("running_ns").asLong();
            lifetime += w.get("lifetime_ns").asLong();
        }
        return lifetime == 0 ? 0 : running / (double) lifetime;
    }

    /**
     * The expected component must be the largest, "other" counted without the part time-sharing explains: on this
     * shared VM other tenants take the CPUs from runnable threads (their CPU time shows it), which the paper ruled out
     * by having more cores than threads. The floor shrinks with the same share: time-sharing stretches T_p, and every
     * measured component is divided by it (a bar whose time-sharing is t of N has the rest scaled by 1 - t/N).
     */
    private static void assertDominant(Outcome o, Component expected, double floor) {
        assertEquals(0, o.exitCode(), o.stderr());
        JsonNode two = o.json().get("stacks").get(0);
        double timeSharing = two.get("time_sharing").asDouble();
        double scaledFloor = floor * Math.max(0, 1 - timeSharing / two.get("threads").asDouble());
        assertEquals(expected, dominant(rankedStack(o)), String.format(Locale.ROOT,
                "stack at 2 threads: %s, time-sharing %.3f of other", o.stack(), timeSharing));
        assertTrue(o.stack().get(expected) >= scaledFloor, String.format(Locale.ROOT, "%s below %.3f (%.2f scaled by "
                + "time-sharing %.3f): %s", expected, scaledFloor, floor, timeSharing, o.stack()));
    }

    /** The stack at 2 threads with "other" less the part time-sharing explains. */
    private static Map<Component, Double> rankedStack(Outcome o) {
        Map<Component, Double> ranked = new EnumMap<>(o.stack());
        ranked.put(Component.OTHER, o.stack().get(Component.OTHER)
                - o.json().get("stacks").get(0).get("time_sharing").asDouble());
        return ranked;
    }

    private static Component dominant(Map<Component, Double> ranked) {
        Component dominant = Component.GC;
        for (Component c : Component.values()) {
            if (c != Component.MEASURED && ranked.get(c) > ranked.get(dominant)) {
                dominant = c;
            }
        }
        return dominant;
    }

    private static void assertOutputFiles(Path out) throws IOException {
        List<String> csv = Files.readAllLines(out.resolve("speedup_stack.csv"));
        assertEquals(String.join(",", StackCsv.HEADER), csv.get(0));
        assertEquals(1 + Component.values().length, csv.size());
        assertTrue(Files.readString(out.resolve("speedup_stack.csv")).indexOf('\r') < 0, "CsvTables' format: LF");
        byte[] png = Files.readAllBytes(out.resolve("speedup_stack.png"));
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        assertTrue(Files.readString(out.resolve("speedup_stack.svg")).contains("<svg"));
        assertTrue(Files.readString(out.resolve("speedup_stack.html")).contains("data:image/png;base64,"));
    }

    private Outcome speedupStack(String program, String... jvmOptions) throws IOException {
        Path out = tmp.resolve(program);
        List<String> args = new ArrayList<>(List.of("--threads", "1,2", "--repeat", "3", "--out", out.toString(), "--"));
        args.addAll(List.of(jvmOptions));
        args.addAll(List.of("-cp", testClasses(), PKG + program, "{threads}"));
        StringWriter err = new StringWriter();
        CommandLine cl = SpeedupStackCommand.commandLine(new SpeedupStackCommand());
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        int exit = cl.execute(args.toArray(String[]::new));
        if (exit != 0) {
            return new Outcome(exit, err.toString(), out, Map.of(), null);
        }
        JsonNode json = new ObjectMapper().readTree(out.resolve("speedup_stack.json").toFile());
        JsonNode two = json.get("stacks").get(0);
        Map<Component, Double> stack = new EnumMap<>(Component.class);
        for (JsonNode part : two.get("components")) {
            for (Component c : Component.values()) {
                if (c.label().equals(part.get("component").asText())) {
                    stack.put(c, part.get("speedup").asDouble());
                }
            }
        }
        record(program, stack, two, json, out);
        return new Outcome(exit, err.toString(), out, stack, json);
    }

    static String testClasses() {
        return System.getProperty("speedup.testClasses", Path.of("target", "test-classes").toAbsolutePath().toString());
    }

    /** Appends the program's stack and the cost of measuring it (wall, and inside the parallel phase). */
    private static void record(String program, Map<Component, Double> stack, JsonNode two, JsonNode json, Path out)
            throws IOException {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-16s N=2", program));
        stack.forEach((c, v) -> line.append(String.format(Locale.ROOT, " %s=%.3f", c.label(), v)));
        line.append(String.format(Locale.ROOT, " (time-sharing %.3f)", two.get("time_sharing").asDouble()));
        line.append(String.format(Locale.ROOT, " | startup_ms=%.0f wall_cost_pct=%.1f running_cost_pct=%.1f "
                        + "parallel_phase_cost_pct=%.1f", json.get("measurement_startup_ns").asLong() / 1e6,
                two.get("measurement_overhead_pct").asDouble(), two.get("measurement_running_overhead_pct").asDouble(),
                parallelPhaseCostPct(out.resolve("runs"))));
        Path log = Path.of("target", "speedup-groundtruth.txt");
        Files.createDirectories(log.toAbsolutePath().getParent());
        Files.writeString(log, line + System.lineSeparator(), StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        System.out.println(line);
    }

    /** Median parallel-phase time the programs print, measured runs over unmeasured ones, all thread counts. */
    static double parallelPhaseCostPct(Path runs) throws IOException {
        List<Long> plain = new ArrayList<>();
        List<Long> measured = new ArrayList<>();
        try (Stream<Path> logs = Files.list(runs)) {
            for (Path p : logs.filter(p -> p.getFileName().toString().matches("n\\d+-r\\d+(-plain)?\\.log")).toList()) {
                Matcher m = PARALLEL_NS.matcher(Files.readString(p));
                if (m.find()) {
                    (p.getFileName().toString().contains("plain") ? plain : measured).add(Long.parseLong(m.group(1)));
                }
            }
        }
        if (plain.isEmpty() || measured.isEmpty()) {
            return Double.NaN;
        }
        return 100.0 * (Stats.lowerMedian(measured.stream().mapToLong(Long::longValue).toArray())
                / (double) Stats.lowerMedian(plain.stream().mapToLong(Long::longValue).toArray()) - 1);
    }
}
