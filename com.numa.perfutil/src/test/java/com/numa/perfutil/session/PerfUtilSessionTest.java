package com.numa.perfutil.session;

import com.numa.core.log.NumaLog;
import com.numa.core.provenance.CompletionMarker;
import com.numa.core.provenance.JvmIdentity;
import com.numa.core.window.MeasurementWindow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.counters.CoreSample;
import com.numa.perfutil.counters.CoreSampler;
import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.perfutil.counters.ThreadSampler;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PerfUtil's in-JVM session driven by scripted samplers: CSV content, ended threads, failure handling, summary. */
class PerfUtilSessionTest {
    private static final List<String> EVENTS = List.of("task-clock", "context-switches");
    private static final ThreadIdentity MAIN = new ThreadIdentity(100, "main", 1, false, ThreadRole.MAIN);
    private static final ThreadIdentity WORKER = new ThreadIdentity(101, "worker, \"one\"", 20, false, ThreadRole.APPLICATION);
    private static final ThreadIdentity GC = new ThreadIdentity(102, "GC Thread#0", -1, true, ThreadRole.JVM_INTERNAL);

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final NumaLog log = new NumaLog(new PrintStream(err, true, StandardCharsets.UTF_8));

    @TempDir
    Path tmp;

    /** Returns the scripted rounds in order; throws once the script says so. */
    static final class ScriptedThreads implements ThreadSampler {
        final Deque<Object> rounds = new ArrayDeque<>();
        boolean closed;

        @Override
        public List<String> events() {
            return EVENTS;
        }

        @Override
        @SuppressWarnings("unchecked")
        public List<ThreadSample> sample() {
            Object next = rounds.removeFirst();
            if (next instanceof RuntimeException e) {
                throw e;
            }
            return (List<ThreadSample>) next;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    static final class ScriptedCores implements CoreSampler {
        final Deque<List<CoreSample>> rounds = new ArrayDeque<>();
        boolean closed;

        @Override
        public List<String> events() {
            return EVENTS;
        }

        @Override
        public List<CoreSample> sample() {
            return rounds.removeFirst();
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static ThreadSample sample(ThreadIdentity t, long ts, long clockNs, long switches, boolean ended) {
        return new ThreadSample(t, ts, List.of(new CounterValue("task-clock", clockNs, 1000, 1000),
                new CounterValue("context-switches", switches, 1000, 250)), ended);
    }

    private static List<CSVRecord> read(Path csv) throws IOException {
        try (Reader r = Files.newBufferedReader(csv)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r).getRecords();
        }
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void csvHoldsLatestReadingOfEveryThreadIncludingEndedOnes() throws IOException {
        ScriptedThreads threads = new ScriptedThreads();
        threads.rounds.add(List.of(sample(MAIN, 10, 5_000_000, 3, false), sample(WORKER, 10, 1_000_000, 1, false)));
        threads.rounds.add(List.of(sample(MAIN, 20, 9_000_000, 4, false), sample(WORKER, 20, 7_000_000, 8, true),
                sample(GC, 20, 2_000_000, 2, false)));
        threads.rounds.add(List.of(sample(MAIN, 30, 9_500_000, 5, false), sample(GC, 30, 2_500_000, 2, false)));
        Path csv = tmp.resolve("sub dir/perf.csv");
        PerfUtilSession s = new PerfUtilSession(threads, null, EVENTS, csv, 1000, log);

        assertTrue(s.round());
        assertEquals(4, read(csv).size());
        assertTrue(s.round());
        assertTrue(s.round());

        List<CSVRecord> rows = read(csv);
        assertEquals(List.of(PerfUtilCsv.HEADER), List.copyOf(rows.get(0).getParser().getHeaderNames()));
        assertEquals(6, rows.size(), "3 threads x 2 events");
        CSVRecord workerSwitches = rows.stream().filter(r -> r.get("tid").equals("101") && r.get("event").equals("context-switches"))
                .findFirst().orElseThrow();
        assertEquals("worker, \"one\"", workerSwitches.get("thread"));
        assertEquals("application", workerSwitches.get("role"));
        assertEquals("true", workerSwitches.get("ended"));
        assertEquals("8", workerSwitches.get("raw"));
        assertEquals("32.0", workerSwitches.get("scaled"), "8 x 1000/250");
        assertEquals("25.00", workerSwitches.get("coverage_pct"));
        assertEquals("20", workerSwitches.get("timestamp_ns"));
        assertEquals("", workerSwitches.get("cpu"));
        JvmIdentity jvm = JvmIdentity.current();
        assertEquals(String.valueOf(jvm.epochNs(20)), workerSwitches.get("epoch_ns"), "the reading's time on the wall clock");
        assertEquals(String.valueOf(ProcessHandle.current().pid()), workerSwitches.get("pid"));
        assertEquals(jvm.host(), workerSwitches.get("host"));
        assertEquals(String.valueOf(jvm.startEpochMs()), workerSwitches.get("jvm_start_epoch_ms"));
        assertFalse(Files.exists(CompletionMarker.of(csv)), "an interval's rewrite is no complete file");
        CSVRecord mainClock = rows.stream().filter(r -> r.get("tid").equals("100") && r.get("event").equals("task-clock"))
                .findFirst().orElseThrow();
        assertEquals("9500000", mainClock.get("raw"));
        assertEquals("main", mainClock.get("role"));
        assertEquals("false", mainClock.get("ended"));
        assertTrue(rows.stream().allMatch(r -> r.get("scope").equals("thread")));
        try (Stream<Path> files = Files.list(csv.getParent())) {
            assertEquals(List.of(csv), files.toList(), "no temporary file is left behind");
        }
        Path plain = Files.writeString(tmp.resolve("plain.txt"), "x");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(csv),
                "the CSV gets the same mode as any file the user creates (umask), not a temp file's 0600");
        assertEquals("", err());
    }

    @Test
    void windowRowsCountOnlyTheMeasuredIterations() throws IOException {
        ScriptedThreads threads = new ScriptedThreads();
        threads.rounds.add(List.of(sample(MAIN, 10, 5_000_000, 3, false)));                       // warm-up
        threads.rounds.add(List.of(sample(MAIN, 20, 6_000_000, 4, false)));                       // window opens
        threads.rounds.add(List.of(sample(MAIN, 30, 9_000_000, 6, false), sample(WORKER, 30, 2_000_000, 1, false)));
        threads.rounds.add(List.of(sample(MAIN, 40, 9_500_000, 7, false), sample(WORKER, 40, 2_500_000, 1, false)));
        Path csv = tmp.resolve("window.csv");
        PerfUtilSession s = new PerfUtilSession(threads, null, EVENTS, csv, 1000, log);
        assertTrue(s.round());
        s.listenToIterations();
        MeasurementWindow.iterationStarted("b", 1, true); // a warm-up: no edge, no reading
        MeasurementWindow.iterationEnded("b", 1, true, true);
        MeasurementWindow.iterationStarted("b", 2, false);
        MeasurementWindow.iterationEnded("b", 2, false, true);
        s.finish();
        List<CSVRecord> window = read(csv).stream().filter(r -> r.get("scope").equals("window")).toList();
        CSVRecord mainClock = window.stream().filter(r -> r.get("tid").equals("100") && r.get("event").equals("task-clock"))
                .findFirst().orElseThrow();
        assertEquals("3000000", mainClock.get("raw"), "9,000,000 at the end of the measured iteration - 6,000,000 at its start");
        CSVRecord workerClock = window.stream().filter(r -> r.get("tid").equals("101") && r.get("event").equals("task-clock"))
                .findFirst().orElseThrow();
        assertEquals("2000000", workerClock.get("raw"), "a thread started inside the window counts from zero");
        assertEquals(4, window.size(), "2 threads x 2 events");
        assertTrue(threads.rounds.isEmpty(), "one reading per measured edge, none for the warm-up: " + threads.rounds);
    }

    @Test
    void coreRowsCarryCpuAndNode() throws IOException {
        ScriptedCores cores = new ScriptedCores();
        cores.rounds.add(List.of(new CoreSample(0, 0, 5, List.of(new CounterValue("task-clock", 10, 10, 10))),
                new CoreSample(1, 1, 5, List.of(new CounterValue("task-clock", 20, 10, 5)))));
        Path csv = tmp.resolve("cores.csv");
        PerfUtilSession s = new PerfUtilSession(null, cores, List.of("task-clock"), csv, 1000, log);
        assertTrue(s.round());
        List<CSVRecord> rows = read(csv);
        assertEquals(2, rows.size());
        CSVRecord cpu1 = rows.get(1);
        assertEquals("core", cpu1.get("scope"));
        assertEquals("1", cpu1.get("cpu"));
        assertEquals("1", cpu1.get("node"));
        assertEquals("", cpu1.get("tid"));
        assertEquals("40.0", cpu1.get("scaled"));
        assertEquals("50.00", cpu1.get("coverage_pct"));
    }

    @Test
    void samplingFailureIsReportedOnceAndTurnsPerfUtilOff() throws IOException {
        ScriptedThreads threads = new ScriptedThreads();
        threads.rounds.add(List.of(sample(MAIN, 10, 5_000_000, 3, false)));
        threads.rounds.add(new IllegalStateException("read(2) on fd 7 failed: EBADF"));
        Path csv = tmp.resolve("p.csv");
        PerfUtilSession s = new PerfUtilSession(threads, null, EVENTS, csv, 1000, log);
        assertTrue(s.round());
        assertFalse(s.round());
        assertFalse(s.round(), "stays off");
        s.finish();
        assertTrue(threads.closed);
        String e = err();
        assertTrue(e.contains("EBADF") && e.contains("PerfUtil is off, the application runs on"), e);
        assertEquals(1, e.lines().filter(l -> l.contains("PerfUtil is off")).count(), e);
        assertFalse(e.contains("summary"), "no summary once off: " + e);
        assertEquals(2, read(csv).size(), "the last good CSV (1 thread x 2 events) stays");
    }

    @Test
    void unwritableOutputTurnsPerfUtilOffWithThePath() throws IOException {
        Path blocker = Files.writeString(tmp.resolve("not-a-dir"), "x");
        ScriptedThreads threads = new ScriptedThreads();
        threads.rounds.add(List.of(sample(MAIN, 10, 5_000_000, 3, false)));
        PerfUtilSession s = new PerfUtilSession(threads, null, EVENTS, blocker.resolve("p.csv"), 1000, log);
        assertFalse(s.round());
        assertTrue(err().contains(blocker.resolve("p.csv").toString()), err());
        assertTrue(threads.closed);
    }

    @Test
    void finishTakesTheLastReadingPrintsTheSummaryAndClosesOnce() throws IOException {
        ScriptedThreads threads = new ScriptedThreads();
        ThreadSample idle = new ThreadSample(GC, 10, List.of(new CounterValue("task-clock", 0, 0, 0),
                new CounterValue("context-switches", 0, 0, 0)), false);
        threads.rounds.add(List.of(sample(MAIN, 5, 4_000_000, 2, false)));
        threads.rounds.add(List.of(sample(MAIN, 10, 5_000_000, 3, false), sample(WORKER, 10, 42_000_000, 9, true), idle));
        Path csv = tmp.resolve("p.csv");
        PerfUtilSession s = new PerfUtilSession(threads, null, EVENTS, csv, 1000, log);
        Files.writeString(CompletionMarker.of(csv), "an earlier run's marker");
        s.begin();
        assertFalse(Files.exists(CompletionMarker.of(csv)), "the earlier run's marker is gone once this run starts");
        s.finish();
        s.finish();
        assertTrue(threads.closed);
        assertEquals(6, read(csv).size());
        assertEquals(ProcessHandle.current().pid(), CompletionMarker.read(csv).orElseThrow().jvm().pid(),
                "the exit's last write marks the file complete");
        String e = err();
        assertEquals(1, e.lines().filter(l -> l.contains("PerfUtil summary, 3 thread(s)")).count(), e);
        String idleLine = e.lines().filter(l -> l.contains("GC Thread#0")).findFirst().orElseThrow();
        assertTrue(idleLine.strip().endsWith("-"), "a thread that never ran has no coverage: " + idleLine);
        List<String> lines = e.lines().toList();
        int workerLine = indexOf(lines, "worker");
        int mainLine = indexOf(lines, " main ");
        assertTrue(workerLine > 0 && workerLine < mainLine, "busiest first: " + e);
        assertTrue(lines.get(workerLine).contains("42.0"), "task-clock in ms: " + lines.get(workerLine));
        assertTrue(lines.get(workerLine).contains("application*"), lines.get(workerLine));
        assertTrue(lines.get(workerLine).contains("25.0"), "min coverage: " + lines.get(workerLine));
    }

    @Test
    void aRenamedThreadKeepsOneRowWithItsEarlierNames() throws IOException {
        // finding 4: Jython renames main to MainThread; HotSpot then re-attaches the tid as DestroyJavaVM at exit
        ThreadIdentity renamed = new ThreadIdentity(100, "MainThread", 1, false, ThreadRole.MAIN);
        ThreadIdentity destroy = new ThreadIdentity(100, "DestroyJavaVM", 30, false, ThreadRole.MAIN);
        ThreadIdentity reused = new ThreadIdentity(101, "pool-1-thread-1", 40, false, ThreadRole.APPLICATION);
        ScriptedThreads threads = new ScriptedThreads();
        threads.rounds.add(List.of(sample(MAIN, 10, 1_000_000, 1, false), sample(WORKER, 10, 1_000_000, 1, true)));
        threads.rounds.add(List.of(sample(renamed, 20, 2_000_000, 2, false), sample(reused, 20, 500_000, 1, false)));
        threads.rounds.add(List.of(sample(destroy, 30, 3_000_000, 3, false)));
        Path csv = tmp.resolve("p.csv");
        PerfUtilSession s = new PerfUtilSession(threads, null, EVENTS, csv, 1000, log);
        s.round();
        s.round();
        s.finish();

        List<CSVRecord> main = read(csv).stream().filter(r -> r.get("tid").equals("100")).toList();
        assertEquals(2, main.size(), "one row per event for the main tid: " + main);
        assertEquals("MainThread", main.get(0).get("thread"));
        assertEquals("main", main.get(0).get("previous_names"));
        assertEquals("3000000", main.get(0).get("raw"), "the latest reading");
        assertEquals(List.of("worker, \"one\"", "pool-1-thread-1"), read(csv).stream().filter(r -> r.get("tid").equals("101"))
                .filter(r -> r.get("event").equals("task-clock")).map(r -> r.get("thread")).toList(),
                "a tid reused after its thread ended is a new row");
        String e = err();
        assertEquals(1, e.lines().filter(l -> l.contains("MainThread (was main)")).count(), e);
        assertFalse(e.contains("DestroyJavaVM"), e);
    }

    @Test
    void theSummarySortsByTheFirstEventThatCounted() {
        // finding 7: instructions and cycles read nothing without a PMU; sorting by them hid the workers
        List<String> events = List.of("instructions", "cycles", "task-clock");
        List<ThreadReading> readings = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ThreadIdentity idle = new ThreadIdentity(200 + i, "idle-" + i, 50 + i, true, ThreadRole.JVM_INTERNAL);
            readings.add(new ThreadReading(new ThreadSample(idle, 10, List.of(new CounterValue("task-clock", 1000, 1, 1)),
                    false), List.of()));
        }
        for (int i = 0; i < 4; i++) {
            ThreadIdentity w = new ThreadIdentity(300 + i, "worker-" + i, 90 + i, false, ThreadRole.APPLICATION);
            readings.add(new ThreadReading(new ThreadSample(w, 10, List.of(new CounterValue("instructions", 0, 0, 0),
                    new CounterValue("task-clock", 900_000_000L, 1, 1)), false), List.of()));
        }
        assertEquals("task-clock", PerfUtilSummary.sortingEvent(readings, events));
        String summary = PerfUtilSummary.format(readings, events, "p.csv");
        List<String> lines = summary.lines().toList();
        for (int i = 0; i < 4; i++) {
            assertTrue(lines.get(2 + i).contains("worker-"), "the workers come first: " + summary);
        }
        assertTrue(lines.get(0).contains("by task-clock"), lines.get(0));
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }
}
