package com.numa.characterize.analysis;

import com.numa.core.classification.Lifetime;
import com.numa.core.classification.ThreadWork;
import com.numa.core.io.CsvTables;
import com.numa.perfutil.events.StudyEvents;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a run's PerfUtil CSV: the {@code window} rows (the measured iterations) when the run marked iterations, else
 * the whole-run {@code thread} rows; the events that were counted; their lowest multiplexing coverage; which share of
 * each thread's life its counts hold; and the evidence that every thread was measured (the {@code process} rows).
 *
 * @param threads     one entry per thread
 * @param events      the events with rows, in the CSV's order (hardware events missing without a PMU)
 * @param windowed    true when the counts are the measured window's
 * @param minCoverage the lowest coverage_pct of any row whose counter was enabled at all (100 = never multiplexed)
 * @param lives       per tid, whether the thread had ended and which part of its life was counted
 * @param evidence    threads started vs measured and the CPU time of threads not measured ({@link ThreadEvidence#NONE}
 *                    for a CSV written before PerfUtil recorded it)
 */
public record PerfUtilRows(List<ThreadWork> threads, List<String> events, boolean windowed, double minCoverage,
        Map<Integer, ThreadLife> lives, ThreadEvidence evidence) {

    /**
     * Which part of a thread's life its counts hold.
     *
     * @param ended               the thread had exited: its counts are final
     * @param countedFromNs       System.nanoTime when its counters opened, -1 when unknown
     * @param cpuBeforeCountingNs CPU time it ran before (in no count), -1 when unknown
     * @param lifeCountedPct      task-clock / (task-clock + cpuBeforeCountingNs) in percent, NaN when unknown
     * @param lastSeenNs          System.nanoTime of its latest reading (its final one when it had ended), -1 unknown
     */
    public record ThreadLife(boolean ended, long countedFromNs, long cpuBeforeCountingNs, double lifeCountedPct,
            long lastSeenNs) {

        /** When it was alive as the counts show: from its counters' opening to its latest reading. */
        public Lifetime lifetime() {
            return countedFromNs < 0 || lastSeenNs < 0 ? Lifetime.UNKNOWN : new Lifetime(countedFromNs, lastSeenNs, ended);
        }
    }

    /**
     * PerfUtil's evidence that it saw every thread. Counts are threads; times are nanoseconds; -1 is unknown.
     *
     * @param javaThreadsStarted    Java threads the JVM started while PerfUtil counted (ThreadMXBean)
     * @param javaThreadsMeasured   those of them that have rows
     * @param javaThreadsNotMeasured started − measured (never negative)
     * @param processCpuNs          CPU time of the whole process, ended threads included
     * @param measuredCpuNs         CPU time the rows account for (task-clock + CPU time before counting)
     * @param notMeasuredCpuNs      process − measured: CPU time of threads (or parts of lives) no row holds
     */
    public record ThreadEvidence(long javaThreadsStarted, long javaThreadsMeasured, long javaThreadsNotMeasured,
            long processCpuNs, long measuredCpuNs, long notMeasuredCpuNs) {

        /** A CSV without process rows. */
        public static final ThreadEvidence NONE = new ThreadEvidence(-1, -1, -1, -1, -1, -1);

        /** Whether PerfUtil recorded the evidence. */
        public boolean known() {
            return javaThreadsStarted >= 0;
        }
    }

    /** The rows without per-thread lives or evidence (as before PerfUtil recorded them). */
    public PerfUtilRows(List<ThreadWork> threads, List<String> events, boolean windowed, double minCoverage) {
        this(threads, events, windowed, minCoverage, Map.of(), ThreadEvidence.NONE);
    }

    public static PerfUtilRows read(Path csv) throws IOException {
        List<CSVRecord> records;
        try (Reader in = Files.newBufferedReader(csv);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            records = p.getRecords();
        }
        boolean windowed = records.stream().anyMatch(r -> r.get("scope").equals("window"));
        String scope = windowed ? "window" : "thread";
        Map<Integer, String[]> identity = new LinkedHashMap<>();
        Map<Integer, Map<String, Double>> counts = new LinkedHashMap<>();
        Map<Integer, ThreadLife> lives = new LinkedHashMap<>();
        Map<String, Long> process = new HashMap<>();
        Set<String> events = new LinkedHashSet<>();
        double coverage = 100;
        for (CSVRecord r : records) {
            if (r.get("scope").equals("process")) {
                process.put(r.get("event"), Long.parseLong(r.get("raw")));
                continue;
            }
            if (!r.get("scope").equals(scope)) {
                continue;
            }
            int tid = Integer.parseInt(r.get("tid"));
            identity.put(tid, new String[] {r.get("thread"), r.get("role")});
            // PAPI's names (PAPI_TOT_INS, perf::TASK-CLOCK) read as the study's, so every table works on either backend
            String event = StudyEvents.canonical(r.get("event"));
            counts.computeIfAbsent(tid, t -> new LinkedHashMap<>()).put(event, Double.parseDouble(r.get("scaled")));
            events.add(event);
            if (Long.parseLong(r.get("enabled_ns")) > 0) {
                // a counter never enabled (its thread never ran while counted) was not multiplexed: 0 of 0 is no loss
                coverage = Math.min(coverage, Double.parseDouble(r.get("coverage_pct")));
            }
            lives.put(tid, new ThreadLife(Boolean.parseBoolean(r.get("ended")), number(r, "counted_from_ns"),
                    number(r, "cpu_before_counting_ns"), percent(r, "life_counted_pct"), number(r, "timestamp_ns")));
        }
        List<ThreadWork> threads = new ArrayList<>();
        identity.forEach((tid, id) -> threads.add(new ThreadWork(tid, id[0], ThreadWork.role(id[1]), counts.get(tid),
                lives.get(tid).lifetime())));
        ThreadEvidence evidence = process.containsKey("java_threads_started")
                ? new ThreadEvidence(process.get("java_threads_started"), process.getOrDefault("java_threads_measured", -1L),
                        process.getOrDefault("java_threads_not_measured", -1L), process.getOrDefault("process_cpu_ns", -1L),
                        process.getOrDefault("measured_cpu_ns", -1L), process.getOrDefault("not_measured_cpu_ns", -1L))
                : ThreadEvidence.NONE;
        return new PerfUtilRows(threads, List.copyOf(events), windowed, coverage, Map.copyOf(lives), evidence);
    }

    /**
     * The share of the process's CPU time (JIT and GC included, ended threads included) that no thread row holds: threads
     * PerfUtil never counted. NaN when PerfUtil did not record it.
     */
    public double unmeasuredCpuPct() {
        return evidence.known() && evidence.processCpuNs() > 0 && evidence.notMeasuredCpuNs() >= 0
                ? 100.0 * evidence.notMeasuredCpuNs() / evidence.processCpuNs() : Double.NaN;
    }

    /** A column of nanoseconds; -1 when the CSV has no such column or the cell is empty (unknown). */
    private static long number(CSVRecord r, String column) {
        String v = r.isMapped(column) ? r.get(column) : "";
        return v.isEmpty() ? -1 : Long.parseLong(v);
    }

    private static double percent(CSVRecord r, String column) {
        String v = r.isMapped(column) ? r.get(column) : "";
        return v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    }
}
