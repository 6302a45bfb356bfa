package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.io.CsvTables;
import com.numa.junit.ExampleSuiteMain;
import com.numa.profiler.groundtruth.SlotsProgram;
import com.numa.profiler.groundtruth.SlotsProgram.Layout;
import com.numa.vm.slots.SlotCountersChecks;
import java.io.File;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One sharing truth: on the same two programs, {@code numa characterize}, {@code numa diagnose} and numa-junit's
 * {@code assertNoFalseSharing} agree. Four threads each increment their own slot of a {@code long[]} that a
 * {@code Counters} object owns: 128 bytes apart ({@link Layout#PADDED}: Data Parallel, no issue, the assertion
 * passes) or side by side ({@link Layout#ADJACENT}: Read &amp; Write Dependencies, false sharing, the assertion
 * fails), because all three read the one profile that judges arrays per 64-byte cache line.
 */
class SharingTruthEndToEndIT {
    private static final Duration LIMIT = Duration.ofMinutes(5);
    private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));
    private static String programs;

    @TempDir
    Path tmp;

    @BeforeAll
    static void locate() throws Exception {
        programs = classPathOf(SlotsProgram.class);
    }

    private static List<Map<String, String>> rows(Path csv) throws Exception {
        try (Reader in = Files.newBufferedReader(csv);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            List<Map<String, String>> rows = new ArrayList<>();
            for (CSVRecord r : p) {
                rows.add(new HashMap<>(r.toMap()));
            }
            return rows;
        }
    }

    private static String classPathOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** categories.csv's row of {@code numa characterize} on the program in {@code layout}, with its table 4 shares. */
    private Map<String, String> characterize(Layout layout) throws Exception {
        Path out = tmp.resolve("characterize-" + layout.argument());
        NumaCommand.Result r = NumaCommand.run(tmp, "characterize-" + layout.argument(), JAVA_HOME, LIMIT,
                "characterize", "--configs", "single", "--out", out.toString(), "--", "-cp", programs,
                SlotsProgram.class.getName(), layout.argument());
        assertEquals(0, r.exit(), r.err());
        Map<String, String> row = rows(out.resolve("categories.csv")).get(0);
        row.putAll(rows(out.resolve("table4_sharing.csv")).get(0));
        return row;
    }

    /** issues.csv of {@code numa diagnose} on the program in {@code layout}. */
    private List<Map<String, String>> diagnose(Layout layout) throws Exception {
        Path out = tmp.resolve("diagnose-" + layout.argument());
        NumaCommand.Result r = NumaCommand.run(tmp, "diagnose-" + layout.argument(), JAVA_HOME, LIMIT, "diagnose",
                "--out", out.toString(), "--", "-cp", programs, SlotsProgram.class.getName(), layout.argument());
        assertEquals(0, r.exit(), r.err());
        return rows(out.resolve("issues.csv"));
    }

    @Test
    void paddedSlotsAreDataParallelWithoutIssuesInEveryTool() throws Exception {
        Map<String, String> c = characterize(Layout.PADDED);
        assertEquals("Data Parallel", c.get("data_dependency"), c.toString());
        assertEquals(0.0, Double.parseDouble(c.get("shared_write_pct")), c.toString());
        List<Map<String, String>> issues = diagnose(Layout.PADDED);
        assertEquals(List.of(), issues.stream().filter(i -> i.get("kind").contains("sharing")).toList());
    }

    @Test
    void adjacentSlotsAreReadAndWriteDependenciesAndFalseSharingInEveryTool() throws Exception {
        Map<String, String> c = characterize(Layout.ADJACENT);
        assertEquals("Read & Write Dependencies", c.get("data_dependency"), c.toString());
        List<Map<String, String>> falseSharing = diagnose(Layout.ADJACENT).stream()
                .filter(i -> i.get("kind").equals("false-sharing")).toList();
        assertEquals(1, falseSharing.size(), falseSharing.toString());
        assertEquals("long[]", falseSharing.get(0).get("type"));
        assertTrue(falseSharing.get(0).get("site").startsWith(SlotsProgram.Counters.class.getName() + ".<init>"),
                falseSharing.toString());
    }

    @Test
    void numaJunitPassesThePaddedSlotsAndFailsTheAdjacentOnesInJavasTypeNames() throws Exception {
        List<String> cp = new ArrayList<>(List.of(System.getProperty("numa.junit.jar"), programs,
                classPathOf(SlotCountersChecks.class)));
        for (Class<?> c : List.of(org.junit.jupiter.api.Test.class, org.junit.jupiter.engine.JupiterTestEngine.class,
                org.junit.platform.engine.TestEngine.class, org.junit.platform.commons.util.ReflectionUtils.class,
                org.junit.platform.launcher.Launcher.class, org.opentest4j.AssertionFailedError.class,
                org.apiguardian.api.API.class)) {
            cp.add(classPathOf(c));
        }
        List<String> flags = List.of("-XX:+NUMAProfiler", "-XX:+NUMAProfilerOnDemand", "-XX:+NUMAProfilerDiagnose",
                "-XX:+NUMAProfilerQuiet", "-XX:NUMAProfilerInclude=com.numa.profiler.groundtruth.**",
                "-XX:NUMAProfilerOutput=" + tmp.resolve("junit-profile"));
        ChildRun r = ChildJvm.current().classPath(cp.stream().distinct().collect(Collectors.joining(File.pathSeparator)))
                .agent(Path.of(System.getProperty("numa.agent.jar")), flags)
                .main(ExampleSuiteMain.class.getName(), List.of(SlotCountersChecks.class.getPackageName()))
                .timeout(LIMIT).run();
        assertEquals(1, r.exitCode(), "one check fails:\n" + r.diagnostics());
        assertTrue(r.stdout().contains("1 tests successful") && r.stdout().contains("1 tests failed"), r.diagnostics());
        String adjacent = SlotsProgram.Counters.class.getName();
        assertTrue(r.stdout().contains("adjacentSlots") && r.stdout().contains("false sharing in " + adjacent
                + ": in the long[] it allocates: false-sharing"), r.diagnostics());
        assertTrue(!r.stdout().contains("[J"), r.diagnostics());
        assertTrue(Files.isDirectory(tmp.resolve("junit-profile")), r.diagnostics());
    }
}
