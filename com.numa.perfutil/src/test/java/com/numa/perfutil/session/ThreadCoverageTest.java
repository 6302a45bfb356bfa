package com.numa.perfutil.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.log.NumaLog;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Started vs measured Java threads, and the CPU time no row holds, from scripted JVM facts and readings. */
class ThreadCoverageTest {
    @TempDir
    Path tmp;

    /** A JVM whose started count and visible threads the test sets. */
    static final class ScriptedJvm implements ThreadCoverage.JavaThreads {
        long started;
        final Set<Long> live = new HashSet<>();

        @Override
        public long totalStarted() {
            return started;
        }

        @Override
        public int liveCount() {
            return live.size();
        }

        @Override
        public long[] liveIds() {
            return live.stream().mapToLong(Long::longValue).toArray();
        }

        @Override
        public boolean visible(long id) {
            return live.contains(id);
        }
    }

    private static ThreadSample sample(int tid, String name, long javaId, ThreadRole role, long clockNs, long beforeNs,
            boolean ended) {
        return new ThreadSample(new ThreadIdentity(tid, name, javaId, false, role), 10,
                List.of(new CounterValue("task-clock", clockNs, clockNs, clockNs)), ended, 5, beforeNs);
    }

    @Test
    void countsStartedThreadsWithRowsAndLeavesOutThoseThereAtTheStartAndHiddenOnes() {
        ScriptedJvm jvm = new ScriptedJvm();
        jvm.started = 6;
        jvm.live.addAll(List.of(1L, 2L));
        ThreadCoverage c = new ThreadCoverage(jvm, () -> 1_000);
        c.start();
        jvm.started = 9; // three started: two get rows, one ends unseen
        jvm.live.add(30L);
        List<ThreadSample> samples = List.of(
                sample(100, "main", 1, ThreadRole.MAIN, 300, 50, false),                       // there at the start
                sample(101, "worker-0", 20, ThreadRole.APPLICATION, 200, 10, true),            // started, ended
                sample(102, "Common-Cleaner", 30, ThreadRole.JVM_INTERNAL, 0, 0, false),       // started, visible
                sample(103, "C2 CompilerThread1", 31, ThreadRole.JVM_INTERNAL, 100, 0, false), // hidden: not counted
                sample(104, "GC Thread#1", -1, ThreadRole.JVM_INTERNAL, 40, 0, false));        // no Java thread
        c.observe(samples);
        c.observe(samples); // a thread seen in many readings is one thread
        List<ThreadReading> rows = new ArrayList<>();
        samples.forEach(s -> rows.add(new ThreadReading(s, List.of())));
        ThreadCoverage.Evidence e = c.evidence(rows);
        assertEquals(3, e.javaThreadsStarted());
        assertEquals(2, e.javaThreadsMeasured());
        assertEquals(1, e.javaThreadsNotMeasured());
        assertEquals(300 + 50 + 200 + 10 + 100 + 40, e.measuredCpuNs());
        assertEquals(1_000, e.processCpuNs());
        assertEquals(1_000 - 700, e.notMeasuredCpuNs());
        assertTrue(PerfUtilSummary.coverage(e).contains("1 of 3 Java thread(s) started during the run were NOT measured"));
        assertTrue(PerfUtilSummary.coverage(e).contains("CPU time not in any row: 0.0 ms of 0.0 ms"), PerfUtilSummary.coverage(e));
    }

    @Test
    void withoutTaskClockTheCpuTimeIsUnknown() {
        ScriptedJvm jvm = new ScriptedJvm();
        ThreadCoverage c = new ThreadCoverage(jvm, () -> 1_000);
        c.start();
        ThreadSample s = new ThreadSample(new ThreadIdentity(7, "w", 9, false, ThreadRole.APPLICATION), 10,
                List.of(new CounterValue("page-faults", 3, 1, 1)), false);
        ThreadCoverage.Evidence e = c.evidence(List.of(new ThreadReading(s, List.of())));
        assertEquals(ThreadSample.UNKNOWN, e.measuredCpuNs());
        assertEquals(ThreadSample.UNKNOWN, e.notMeasuredCpuNs());
        assertEquals("  all 0 Java thread(s) started during the run were measured" + System.lineSeparator(),
                PerfUtilSummary.coverage(e));
    }

    @Test
    void theCsvStatesEachLifeAndTheEvidence() throws IOException {
        ScriptedJvm jvm = new ScriptedJvm();
        ThreadCoverage c = new ThreadCoverage(jvm, () -> 5_000_000);
        c.start();
        jvm.started = 1;
        ThreadSample w = sample(101, "worker-0", 20, ThreadRole.APPLICATION, 3_000_000, 1_000_000, true);
        c.observe(List.of(w));
        List<ThreadReading> rows = List.of(new ThreadReading(w, List.of()));
        Path csv = tmp.resolve("perfutil.csv");
        PerfUtilCsv.write(csv, rows, List.of(), List.of(), c.evidence(rows));
        List<CSVRecord> records;
        try (Reader r = Files.newBufferedReader(csv)) {
            records = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r).getRecords();
        }
        CSVRecord clock = records.get(0);
        assertEquals("5", clock.get("counted_from_ns"));
        assertEquals("1000000", clock.get("cpu_before_counting_ns"));
        assertEquals("75.00", clock.get("life_counted_pct"), "3 ms counted of 4 ms");
        assertEquals("true", clock.get("ended"));
        List<String> process = records.stream().filter(x -> x.get("scope").equals("process"))
                .map(x -> x.get("event") + "=" + x.get("raw")).toList();
        assertEquals(List.of("java_threads_started=1", "java_threads_measured=1", "java_threads_not_measured=0",
                "process_cpu_ns=5000000", "measured_cpu_ns=4000000", "not_measured_cpu_ns=1000000"), process);
    }

    @Test
    void aSessionWithAWatchStatesTheEvidenceInItsExitSummary() {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        NumaLog log = new NumaLog(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        ScriptedJvm jvm = new ScriptedJvm();
        PerfUtilSessionTest.ScriptedThreads threads = new PerfUtilSessionTest.ScriptedThreads();
        threads.rounds.add(List.of(sample(100, "main", 1, ThreadRole.MAIN, 300, 50, false)));
        threads.rounds.add(List.of(sample(100, "main", 1, ThreadRole.MAIN, 400, 50, false)));
        jvm.live.add(1L);
        ThreadCoverage coverage = new ThreadCoverage(jvm, () -> 900);
        PerfUtilSession s = new PerfUtilSession(threads, null, List.of("task-clock"), tmp.resolve("p.csv"), 1000, log, 0,
                coverage);
        coverage.start(); // as begin() does before the first reading
        assertTrue(s.round());
        jvm.started = 2;
        s.finish();
        String out = err.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(out.contains("2 of 2 Java thread(s) started during the run were NOT measured"), out);
    }
}
