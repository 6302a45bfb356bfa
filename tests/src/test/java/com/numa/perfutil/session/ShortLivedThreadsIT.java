package com.numa.perfutil.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.analysis.PerfUtilRows;
import com.numa.core.classification.ThreadWork;
import com.numa.core.child.AgentJar;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads that start and end between two PerfUtil readings (here: all before the first periodic one, at the default
 * 1 s interval) still get rows counting their whole life, and the process rows say every started thread was measured.
 */
class ShortLivedThreadsIT {

    @TempDir
    Path tmp;

    private static List<CSVRecord> read(Path csv) throws IOException {
        try (Reader r = Files.newBufferedReader(csv)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r).getRecords();
        }
    }

    private ChildRun run(Path csv, Path selfMeasured, String... flags) throws IOException {
        List<String> all = new java.util.ArrayList<>(List.of("-XX:+PerfUtil", "-XX:PerfUtilOutput=" + csv));
        all.addAll(List.of(flags));
        ChildRun r = ChildJvm.current().classPath(System.getProperty("java.class.path"))
                .agent(AgentJar.manifestOnly(tmp), all).main(ShortWorkersProgram.class.getName(), List.of(selfMeasured.toString()))
                .timeout(Duration.ofSeconds(120)).run();
        assertEquals(0, r.exitCode(), r.diagnostics());
        return r;
    }

    @Test
    void workersEndingBeforeTheFirstReadingAreCountedFromStartToEnd() throws IOException {
        Path csv = tmp.resolve("perfutil.csv");
        Path self = tmp.resolve("self.txt");
        ChildRun r = run(csv, self);
        List<CSVRecord> rows = read(csv);
        Map<String, Long> selfCpu = new HashMap<>();
        for (String line : Files.readAllLines(self)) {
            String[] f = line.split(" ");
            selfCpu.put(f[0], Long.parseLong(f[1]));
        }
        assertEquals(ShortWorkersProgram.WORKERS.size(), selfCpu.size(), Files.readString(self));
        for (String worker : ShortWorkersProgram.WORKERS) {
            CSVRecord clock = rows.stream().filter(x -> x.get("scope").equals("thread") && x.get("thread").equals(worker)
                    && x.get("event").equals("task-clock")).findFirst()
                    .orElseThrow(() -> new AssertionError(worker + " has no row:\n" + r.stderr()));
            assertEquals("true", clock.get("ended"), worker);
            assertEquals("application", clock.get("role"), worker);
            long counted = Long.parseLong(clock.get("raw"));
            long before = Long.parseLong(clock.get("cpu_before_counting_ns"));
            long measured = selfCpu.get(worker);
            // the worker read its clock just before it ended; counted + before is its whole life (a loaded machine
            // delays the watch, which moves CPU time from counted to before, not out of the sum)
            long life = counted + before;
            assertTrue(life >= measured * 0.8 - 5_000_000 && life <= measured * 1.25 + 20_000_000,
                    worker + ": counted " + counted + " + before " + before + " ns vs " + measured + " ns it measured itself");
            assertTrue(counted > 0, worker + ": its counters counted nothing");
            assertTrue(Long.parseLong(clock.get("counted_from_ns")) > 0, worker);
            double pct = Double.parseDouble(clock.get("life_counted_pct"));
            assertEquals(100.0 * counted / life, pct, 0.01, worker);
        }
        Map<String, Long> process = new HashMap<>();
        rows.stream().filter(x -> x.get("scope").equals("process")).forEach(x -> process.put(x.get("event"), Long.parseLong(x.get("raw"))));
        assertTrue(process.get("java_threads_started") >= ShortWorkersProgram.WORKERS.size(), process.toString());
        // all but at most one: the JDK's Logging-Cleaner (java.util.logging's shutdown hook, registered once JNA's
        // logger exists) runs on a thread of its own beside PerfUtil's exit reading, often for well under a millisecond
        long notMeasured = process.get("java_threads_not_measured");
        assertTrue(notMeasured <= 1, process + "\n" + r.stderr());
        assertEquals(process.get("java_threads_started") - process.get("java_threads_measured"), notMeasured, process.toString());
        long sumWorkers = selfCpu.values().stream().mapToLong(Long::longValue).sum();
        assertTrue(process.get("process_cpu_ns") >= sumWorkers, process.toString());
        // a thread's CPU before counting is read from schedstat just after its counters open, so a few ms of each can
        // be counted twice, and the process clock is read an instant apart from the threads': near, not below
        assertTrue(process.get("measured_cpu_ns") <= 1.05 * process.get("process_cpu_ns") + 20_000_000L, process.toString());
        assertEquals(Math.max(0, process.get("process_cpu_ns") - process.get("measured_cpu_ns")),
                process.get("not_measured_cpu_ns"), "never negative: " + process);
        assertTrue(r.stderr().contains("Java thread(s) started during the run were"), r.stderr());

        // what characterize's Table 2 reads: the workers as application threads with their work, and the evidence
        PerfUtilRows table = PerfUtilRows.read(csv);
        for (String worker : ShortWorkersProgram.WORKERS) {
            ThreadWork w = table.threads().stream().filter(t -> t.name().equals(worker)).findFirst().orElseThrow();
            assertTrue(w.isApplication() && w.count("task-clock") > 0, w.toString());
            assertTrue(table.lives().get(w.tid()).ended(), worker);
        }
        assertEquals(process.get("java_threads_not_measured"), table.evidence().javaThreadsNotMeasured());
    }

    @Test
    void withoutTheWatchTheShortWorkersAreReportedAsNotMeasured() throws IOException {
        Path csv = tmp.resolve("perfutil.csv");
        ChildRun r = run(csv, tmp.resolve("self.txt"), "-XX:PerfUtilThreadWatch=0");
        List<CSVRecord> rows = read(csv);
        assertTrue(rows.stream().noneMatch(x -> ShortWorkersProgram.WORKERS.contains(x.get("thread"))), r.stderr());
        long notMeasured = rows.stream().filter(x -> x.get("scope").equals("process")
                && x.get("event").equals("java_threads_not_measured")).mapToLong(x -> Long.parseLong(x.get("raw"))).sum();
        assertTrue(notMeasured >= ShortWorkersProgram.WORKERS.size(), "the study must be told: " + notMeasured);
        assertTrue(r.stderr().contains("were NOT measured"), r.stderr());
    }
}
