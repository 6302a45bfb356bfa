package com.numa.characterize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.io.CsvTables;
import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code numa characterize} as a user runs it, from the packaged jar: the built-in suite lands in its ground-truth
 * categories on the real topology and on the emulated two nodes, every table and the report are written (and the
 * report renders in a real browser), and bad input gets one line and the documented exit code.
 */
class CharacterizeEndToEndIT {
    private static final Path AGENT_JAR = Path.of(System.getProperty("numa.agent.jar"));

    @TempDir
    Path tmp;

    /** bin/numa's java command, run in the test's temporary directory (where the default --out would go). */
    private ChildRun numa(List<String> args) throws IOException {
        return ChildJvm.current().options("-jar", AGENT_JAR.toString()).launch(args).directory(tmp)
                .env("JAVA_HOME", System.getProperty("java.home")).timeout(Duration.ofMinutes(10)).run();
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            return p.getRecords();
        }
    }

    /** Every built-in workload's parallelism and data dependency are its ground truth. */
    private static void assertGroundTruth(Path out, ChildRun r) throws IOException {
        List<CSVRecord> categories = csv(out.resolve("categories.csv"));
        assertEquals(7, categories.size(), r.diagnostics());
        List<String> wrong = new ArrayList<>();
        for (CSVRecord c : categories) {
            String found = c.get("parallelism") + ", " + c.get("data_dependency");
            if (!c.get("matches_expected").equals("true")) {
                wrong.add(c.get("application") + ": found " + found + ", expected " + c.get("expected") + " (" + c.get("reason") + ")");
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong) + "\n" + r.stderr());
    }

    @Tag("slow")
    @Test
    void builtinSuiteOnTheRealTopology() throws Exception {
        Path out = tmp.resolve("real");
        ChildRun r = numa(List.of("characterize", "--suite", "builtin", "--quick", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertGroundTruth(out, r);
        for (String f : List.of("table2_parallelism.csv", "table4_sharing.csv", "table5_locality.csv", "table6_scaling.csv",
                "categories.csv", "characterization.json", "report.html", "report.md", "figures/category_map.png")) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        JsonNode json = JsonFiles.mapper().readTree(out.resolve("characterization.json").toFile());
        assertEquals("builtin", json.path("provenance").path("suite").asText());
        assertFalse(json.path("provenance").path("events").isEmpty(), "the events counted are recorded");
        assertTrue(json.path("tables").has("table2_parallelism"));
        // the profile's per-thread accesses measure the workers' balance (OA) wherever there are two or more
        for (CSVRecord t : csv(out.resolve("table2_parallelism.csv"))) {
            if (Integer.parseInt(t.get("workers")) >= 2) {
                assertFalse(t.get("imbalance_oa_pct").isEmpty(), "no OA for " + t.get("application"));
            }
        }
        String progress = r.stderr();
        assertTrue(progress.contains("numa: [1/14] ") && progress.contains("iteration 2/3"), progress);
        if (json.path("provenance").path("hardwarePmu").asBoolean()) {
            return;
        }
        assertTrue(Files.readString(out.resolve("report.html")).contains("no hardware PMU"), "marked in the report");
        assertTrue(csv(out.resolve("table5_locality.csv")).stream().allMatch(c -> c.get("single_llc_read_miss_pct").isEmpty()));
        if (com.numa.perfutil.locality.KernelLocalitySampler.realNodeCount() == 1) {
            assertTrue(Files.readString(out.resolve("report.md")).contains(
                    "locality is not measured: this machine has 1 NUMA node"), "one line says why Table 5 is empty");
        }
        assertRendersInABrowser(out.resolve("report.html"));
    }

    @Tag("slow")
    @Test
    void builtinSuiteOnTheEmulatedTwoNodesWithScaling() throws Exception {
        Path out = tmp.resolve("emulated");
        ChildRun r = numa(List.of("characterize", "-XX:NUMATopology=2", "--suite", "builtin", "--quick", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertGroundTruth(out, r);
        List<CSVRecord> scaling = csv(out.resolve("table6_scaling.csv"));
        assertTrue(scaling.stream().noneMatch(c -> c.get("all_vs_single").isEmpty()), "Table 6 is filled: " + scaling);
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("Dual Node</b>: not run") && report.contains("split in half"),
                "the report says why Dual Node could not be formed");
        // a Read & Write verdict names its shared objects and the diagnosis to run next, for this application
        CSVRecord philosophers = csv(out.resolve("categories.csv")).stream()
                .filter(c -> c.get("application").equals("dining-philosophers")).findFirst().orElseThrow();
        String diagnose = philosophers.get("diagnose_command");
        assertTrue(diagnose.startsWith("bin/numa diagnose -XX:NUMATopology=2 ") && diagnose.endsWith(
                " com.numa.characterize.builtin.DiningPhilosophers threads=2 size=small warmup=1 iterations=2"), diagnose);
        assertTrue(philosophers.get("shared_objects").contains("DiningPhilosophers.Fork at DiningPhilosophers.<init>"),
                philosophers.toString());
        assertTrue(r.stderr().contains("numa:   next, to name the fields and elements: " + diagnose), r.stderr());
        JsonNode json = JsonFiles.mapper().readTree(out.resolve("characterization.json").toFile());
        assertTrue(json.path("tables").path("categories").path("rows").toString().contains("\"java_change\""));
        String dom = assertRendersInABrowser(out.resolve("report.html"));
        assertTrue(dom.contains("<code class=\"cmd\">" + diagnose.replace("&", "&amp;").replace("<", "&lt;")
                .replace(">", "&gt;") + "</code>"), "the command, to copy");
        assertTrue(dom.contains("Table 4: shared accesses (owner = last writer, All Nodes, NUMAProfiler)"),
                "Single Node has one CPU here: the profile ran in All Nodes, and its heading says so");
        // finished runs are kept: the same command again runs nothing
        ChildRun again = numa(List.of("characterize", "-XX:NUMATopology=2", "--suite", "builtin", "--quick", "--out", out.toString()));
        assertEquals(0, again.exitCode(), again.diagnostics());
        assertEquals(21, again.stderr().lines().filter(l -> l.contains("done by an earlier run, kept")).count(), again.stderr());
    }

    @Test
    void badInputIsOneLineWithTheDocumentedExitCode() throws Exception {
        Path notAJar = Files.writeString(tmp.resolve("plain.jar"), "not a zip");
        Path file = Files.writeString(tmp.resolve("a-file"), "");
        Map<List<String>, String> usage = Map.of(
                List.of("characterize", "--suite", "nosuch"), "unknown suite 'nosuch'",
                List.of("characterize", "--suite", "dacapo:" + tmp.resolve("missing.jar")), "missing.jar",
                List.of("characterize", "--suite", "renaissance:" + notAJar), "plain.jar",
                List.of("characterize"), "nothing to characterize",
                List.of("characterize", "--configs", "single,triple", "--suite", "builtin"), "unknown configuration 'triple'",
                List.of("characterize", "--suite", "builtin", "--out", file.resolve("sub").toString()), "--out " + file.resolve("sub") + ": ",
                List.of("characterize", "--suite", "builtin", "--bench", "nosuch"), "nosuch",
                List.of("characterize", "--start-at", "nodot", "--", "-cp", "x", "Main"),
                "--start-at 'nodot': expected a method as pkg.Class.method",
                List.of("characterize", "--suite", "builtin", "--stop-at", "a.B.c"),
                "--start-at and --stop-at measure a single application");
        for (Map.Entry<List<String>, String> e : usage.entrySet()) {
            ChildRun r = numa(e.getKey());
            assertEquals(2, r.exitCode(), e.getKey() + "\n" + r.diagnostics());
            assertEquals(1, r.stderr().lines().count(), "one line: " + r.stderr());
            assertTrue(r.stderr().contains(e.getValue()), r.stderr());
        }
        assertFalse(Files.exists(tmp.resolve("numa-characterization")), "nothing written on bad usage");
    }

    @Test
    void theReportCarriesTheSpeedupStackOfABenchmarkWhoseThreadCountIsAnArgument() throws Exception {
        Path out = tmp.resolve("stack");
        ChildRun r = numa(List.of("characterize", "--suite", "builtin", "--quick", "--bench", "parallel-walk", "--no-profile",
                "--threads", "2", "--speedup-stack", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertTrue(Files.isRegularFile(out.resolve("speedup/parallel-walk/speedup_stack.csv")), r.stderr());
        assertTrue(Files.isRegularFile(out.resolve("speedup/parallel-walk/speedup_stack.svg")), "SVG needs VectorGraphics2D");
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("<h2>Speedup stacks</h2>") && report.contains("alt=\"speedup stack of parallel-walk\""));
    }

    @Test
    void anApplicationThatFailsIsReportedAndTheExitCodeSaysSo() throws Exception {
        Path out = tmp.resolve("failing");
        ChildRun r = numa(List.of("characterize", "--configs", "single", "--no-profile", "--out", out.toString(), "--",
                "-cp", AGENT_JAR.toString(), "com.numa.characterize.NoSuchMain"));
        assertEquals(1, r.exitCode(), r.diagnostics());
        CSVRecord row = csv(out.resolve("categories.csv")).get(0);
        assertEquals("NoSuchMain", row.get("application"));
        assertTrue(row.get("failures").contains("exit code 1"), row.toString());
        assertTrue(Files.isRegularFile(out.resolve("report.html")), "the report says what failed");
    }

    private static String testClasses() throws Exception {
        return classPathOf(WindowedProgram.class);
    }

    /** Where {@code c} was loaded from (the ground-truth programs come from the profiler's test jar). */
    private static String classPathOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** A thread's count of one event in the PerfUtil CSV's rows of one scope (thread = whole run, window). */
    private static double count(List<CSVRecord> perfutil, String scope, String thread, String event) {
        return perfutil.stream().filter(c -> c.get("scope").equals(scope) && c.get("thread").equals(thread)
                && c.get("event").equals(event)).mapToDouble(c -> Double.parseDouble(c.get("scaled"))).sum();
    }

    /**
     * Threads that depend on each other through a synchronized HashMap and an AtomicLong, or through long
     * fields under a lock, have Read &amp; Write Dependencies (the study once said Data Parallel from 107 accesses and
     * Read-Only Dependencies: it saw neither the JDK's classes nor primitive fields).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"SynchronizedMapAndCounterProgram", "LockedTransfersProgram"})
    void sharedWritesThroughTheJdkAndPrimitiveFieldsAreReadAndWriteDependencies(String name) throws Exception {
        Path out = tmp.resolve(name);
        String program = "com.numa.profiler.groundtruth." + name;
        ChildRun r = numa(List.of("characterize", "--configs", "single", "--out", out.toString(), "--", "-cp",
                classPathOf(Class.forName(program)), program));
        assertEquals(0, r.exitCode(), r.diagnostics());
        CSVRecord c = csv(out.resolve("categories.csv")).get(0);
        assertEquals("Read & Write Dependencies", c.get("data_dependency"), c.toString());
        JsonNode coverage = JsonFiles.mapper().readTree(out.resolve("runs/" + name + "/single-profile/profile/summary.json")
                .toFile()).path("coverage");
        assertEquals("program", coverage.path("coverage").asText(), coverage.toString());
    }

    @Test
    void aSingleApplicationIsMeasuredBetweenTwoMethods() throws Exception {
        Path out = tmp.resolve("window");
        String program = WindowedProgram.class.getName();
        ChildRun r = numa(List.of("characterize", "--configs", "single", "--threads", "2", "--start-at",
                program + ".parallelPhase", "--out", out.toString(), "--", "-cp", testClasses(), program));
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertTrue(r.stderr().contains("window span 2:"), "one span per call of parallelPhase: " + r.stderr());
        Path runs = out.resolve("runs/WindowedProgram");
        JsonNode counters = JsonFiles.mapper().readTree(runs.resolve("single-counters/run.json").toFile());
        assertTrue(counters.path("windowed").asBoolean(), counters.toString());
        assertEquals(2, counters.path("iterationNs").size(), "the two spans are the timed iterations: " + counters);
        // PerfUtil: the window rows leave the main thread's set-up out; the whole-run rows hold it
        List<CSVRecord> perfutil = csv(runs.resolve("single-counters/perfutil.csv"));
        double mainWhole = count(perfutil, "thread", "main", "task-clock");
        double mainWindow = count(perfutil, "window", "main", "task-clock");
        double workersWindow = count(perfutil, "window", "worker-0", "task-clock") + count(perfutil, "window", "worker-1", "task-clock");
        assertTrue(mainWindow < 0.2 * mainWhole && mainWindow < workersWindow,
                "main's set-up is outside the window: main " + mainWindow + " of " + mainWhole + " ns, workers " + workersWindow);
        CSVRecord table2 = csv(out.resolve("table2_parallelism.csv")).get(0);
        assertTrue(Double.parseDouble(table2.get("main_pct")) < 50, table2.toString());
        // the profiler counts inside the spans only: none of the set-up's stores, every worker's reads
        List<CSVRecord> threads = csv(runs.resolve("single-profile/profile/threads.csv"));
        double mainAccesses = threads.stream().filter(c -> c.get("name").equals("main"))
                .mapToDouble(c -> Double.parseDouble(c.get("reads")) + Double.parseDouble(c.get("writes"))).sum();
        double workerReads = threads.stream().filter(c -> c.get("name").startsWith("worker-"))
                .mapToDouble(c -> Double.parseDouble(c.get("reads"))).sum();
        assertTrue(mainAccesses < 1000, "the set-up's " + WindowedProgram.SETUP_WRITES + " stores are outside: " + mainAccesses);
        assertTrue(workerReads >= 4 * WindowedProgram.PHASE_READS, "two workers per span, two spans: " + workerReads);
        CSVRecord table6 = csv(out.resolve("table6_scaling.csv")).get(0);
        assertEquals("window from entering " + program + ".parallelPhase to leaving " + program + ".parallelPhase",
                table6.get("measured"));
        assertEquals("", csv(out.resolve("categories.csv")).get(0).get("warnings"));
    }

    @Test
    void aStartMethodNeverEnteredIsAWarningNotSilence() throws Exception {
        Path out = tmp.resolve("never");
        String program = WindowedProgram.class.getName();
        ChildRun r = numa(List.of("characterize", "--configs", "single", "--start-at", program + ".noSuchPhase",
                "--out", out.toString(), "--", "-cp", testClasses(), program));
        assertEquals(0, r.exitCode(), "a warning, not a failure\n" + r.diagnostics());
        String said = "--start-at " + program + ".noSuchPhase was never entered, so no window was measured: class " + program
                + " has no method 'noSuchPhase'";
        assertTrue(r.stderr().contains("warning: " + said), r.stderr());
        CSVRecord categories = csv(out.resolve("categories.csv")).get(0);
        assertTrue(categories.get("warnings").contains(said), categories.toString());
        assertEquals("not profiled", categories.get("data_dependency"), "the profiler waited for a window that never came");
        assertTrue(categories.get("warnings").contains("the profile is left out: no span of the window closed"));
        assertEquals("whole run (the window was never measured)", csv(out.resolve("table6_scaling.csv")).get(0).get("measured"));
        assertTrue(Files.readString(out.resolve("report.html")).contains("Warning: WindowedProgram: " + said));
        assertTrue(Files.readString(out.resolve("report.md")).contains("**Warning**: WindowedProgram: " + said));
        assertRendersInABrowser(out.resolve("report.html"));
    }

    /**
     * The report loads in a real browser, draws, and reads as a person needs it: no column without a value in any row,
     * no header broken a letter at a time, no blank table where nothing was measured. Returns the page's DOM.
     */
    private String assertRendersInABrowser(Path html) throws Exception {
        Path chromium = Stream.of("/usr/bin/chromium", "/usr/bin/chromium-browser").map(Path::of).filter(Files::isExecutable)
                .findFirst().orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium)");
        Path shot = tmp.resolve("report.png");
        Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--window-size=1200,2000", "--screenshot=" + shot, "--dump-dom", html.toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(dom.contains("Categories and recommendations") && dom.contains("data:image/png;base64,"),
                "the browser loaded the page: " + dom.lines().limit(5).collect(Collectors.joining("\n")));
        assertTrue(Files.size(shot) > 20_000, "a screenshot with content: " + Files.size(shot) + " bytes");
        assertFalse(dom.contains(">failures</th>") || dom.contains("<th></th>"), "no header over an empty column");
        assertFalse(dom.contains("overflow-wrap:anywhere") || dom.contains("overflow-wrap: anywhere"),
                "headers break between words only");
        if (dom.contains("Table 5: data locality") && !dom.contains("dual_<wbr>kernel_<wbr>remote_<wbr>pct")
                && !dom.contains("single_<wbr>llc")) {
            assertTrue(dom.contains("<b>Not measured</b>: LLC misses:"), "Table 5 says why it is empty");
        }
        return dom;
    }
}
