package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.numa.profiler.groundtruth.BriefThreadsProgram;
import com.numa.profiler.groundtruth.VirtualThreadsProgram;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/**
 * The profiler's thread table (threads.csv) holds every thread that ran profiled code, however short its life; under
 * virtual threads it holds one row per virtual thread (hooks see the virtual thread as Thread.currentThread()), while
 * PerfUtil, which counts kernel threads, has rows for their carriers only.
 */
class ThreadTableIT {
    private static final String GT = "com.numa.profiler.groundtruth.";
    private static final List<String> ONLY_GT = List.of("-XX:NUMAProfilerInclude=com.numa.profiler.groundtruth.**",
            "-XX:+NUMAProfilerQuiet");

    private static long num(Map<String, String> row, String col) {
        return Long.parseLong(row.get(col));
    }

    @Test
    void threadsThatEndedLongBeforeTheReportEachHaveTheirRow() throws Exception {
        ProfiledJvm.Result r = ProfiledJvm.run("brief-threads", List.of(), ONLY_GT, GT + "BriefThreadsProgram");
        assertEquals(0, r.exitCode(), r.diagnostics());
        for (int i = 0; i < BriefThreadsProgram.THREADS; i++) {
            Map<String, String> t = r.row("threads.csv", "name", "brief-" + i);
            // 100 array stores + ROUNDS x 100 reference stores; ROUNDS x 100 x (array load + reference load)
            assertEquals(100 + BriefThreadsProgram.ROUNDS * 100, num(t, "writes"), r.file("threads.csv"));
            assertEquals(BriefThreadsProgram.ROUNDS * 100 * 2, num(t, "reads"), r.file("threads.csv"));
            assertEquals("application", t.get("role"));
            assertTrue(num(t, "tid") > 0, r.file("threads.csv"));
            assertEquals("false", t.get("virtual"), r.file("threads.csv"));
        }
    }

    @Test
    void virtualThreadsAreProfiledEachAndCountedByPerfUtilOnTheirCarriers() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21+");
        Path perf = ProfiledJvm.outputRoot().resolve("virtual-threads-perfutil.csv");
        ProfiledJvm.Result r = ProfiledJvm.run("virtual-threads", List.of(), List.of(ONLY_GT.get(0), ONLY_GT.get(1),
                "-XX:+PerfUtil", "-XX:PerfUtilOutput=" + perf), GT + "VirtualThreadsProgram");
        assertEquals(0, r.exitCode(), r.diagnostics());
        for (int i = 0; i < VirtualThreadsProgram.THREADS; i++) {
            assertTrue(r.stdout().contains("vt-" + i + " virtual=true"), r.stdout());
        }

        List<CSVRecord> perfRows;
        try (Reader in = Files.newBufferedReader(perf)) {
            perfRows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in).getRecords();
        }
        Set<String> perfThreads = perfRows.stream().filter(x -> x.get("scope").equals("thread")).map(x -> x.get("thread"))
                .collect(Collectors.toSet());
        assertTrue(perfThreads.stream().noneMatch(n -> n.startsWith("vt-")), "virtual threads are no kernel tasks: " + perfThreads);
        List<CSVRecord> carriers = perfRows.stream().filter(x -> x.get("thread").startsWith("ForkJoinPool-")
                && x.get("event").equals("task-clock")).toList();
        assertFalse(carriers.isEmpty(), "no carrier rows: " + perfThreads);
        Set<String> carrierTids = carriers.stream().map(x -> x.get("tid")).collect(Collectors.toSet());
        for (CSVRecord c : carriers) {
            assertEquals("application", c.get("role"), c.toString());
        }
        assertTrue(carriers.stream().mapToLong(x -> Long.parseLong(x.get("raw"))).sum() > 0, carriers.toString());

        for (int i = 0; i < VirtualThreadsProgram.THREADS; i++) {
            Map<String, String> t = r.row("threads.csv", "name", "vt-" + i);
            // per round: 100 array stores + 100 reference stores; 100 array loads + 100 reference loads
            assertEquals(VirtualThreadsProgram.ROUNDS * 200L, num(t, "writes"), r.file("threads.csv"));
            assertEquals(VirtualThreadsProgram.ROUNDS * 200L, num(t, "reads"), r.file("threads.csv"));
            assertEquals("application", t.get("role"), r.file("threads.csv"));
            assertEquals("true", t.get("virtual"), r.file("threads.csv"));
            assertTrue(carrierTids.contains(t.get("tid")), "the tid of a virtual thread is its carrier's at its first"
                    + " profiled access: " + t + " carriers " + carrierTids);
        }
        assertTrue(r.csv("threads.csv").stream().noneMatch(t -> t.get("name").startsWith("ForkJoinPool-")),
                "carriers run no profiled code themselves:\n" + r.file("threads.csv"));
    }
}
