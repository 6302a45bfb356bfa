package com.numa.perfutil.session;

import com.numa.perfutil.counters.CoreSample;
import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.core.io.CsvTables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The -XX:PerfUtilOutput file: one row per (thread, event) and per (CPU, event) with the cumulative counts since
 * counting began, rewritten whole at every interval through a temporary file and an atomic rename (CsvTables), so a reader never
 * sees a half-written file.
 *
 * <p>Columns: {@code scope} (thread, window or core), {@code timestamp_ns} (System.nanoTime of the reading: differences are
 * intervals), {@code tid}, {@code thread} (its latest name), {@code previous_names} (the names it had before, oldest first,
 * separated by ';'), {@code role} (main, application, jvm-internal, tool), {@code ended} (the thread
 * had exited: this is its final reading), {@code cpu}, {@code node} (node index in the topology), {@code event},
 * {@code raw}, {@code enabled_ns}, {@code running_ns}, {@code scaled} (raw × enabled / running), {@code coverage_pct}
 * (running / enabled: below 100 the event was multiplexed). Thread rows leave cpu and node empty; core rows leave
 * tid, thread, role and ended empty. {@code window} rows are thread rows counting only the measured iterations (from
 * the start of the first to the end of the latest, as the application marks them through MeasurementWindow).
 */
final class PerfUtilCsv {
    static final String[] HEADER = {"scope", "timestamp_ns", "tid", "thread", "previous_names", "role", "ended", "cpu", "node", "event",
        "raw", "enabled_ns", "running_ns", "scaled", "coverage_pct"};

    private PerfUtilCsv() {
    }

    /** Replaces {@code target} atomically with the readings' rows. */
    static void write(Path target, List<ThreadReading> threads, List<CoreSample> cores, List<ThreadSample> window)
            throws IOException {
        CsvTables.write(target, List.of(HEADER), csv -> {
            for (ThreadReading r : threads) {
                ThreadSample s = r.sample();
                for (CounterValue v : s.values()) {
                    csv.printRecord(counts("thread", s.timestampNs(), s.thread().tid(), s.thread().name(),
                            String.join(";", r.previousNames()), s.thread().role().label(), s.ended(), "", "", v));
                }
            }
            for (ThreadSample s : window) {
                for (CounterValue v : s.values()) {
                    csv.printRecord(counts("window", s.timestampNs(), s.thread().tid(), s.thread().name(), "",
                            s.thread().role().label(), s.ended(), "", "", v));
                }
            }
            for (CoreSample s : cores) {
                for (CounterValue v : s.values()) {
                    csv.printRecord(counts("core", s.timestampNs(), "", "", "", "", "", s.cpu(), s.node(), v));
                }
            }
        });
    }

    private static Object[] counts(String scope, long timestampNs, Object tid, Object thread, Object previousNames,
            Object role, Object ended, Object cpu, Object node, CounterValue v) {
        return new Object[] {scope, timestampNs, tid, thread, previousNames, role, ended, cpu, node, v.event(), v.raw(), v.enabledNs(),
            v.runningNs(), String.format(Locale.ROOT, "%.1f", v.scaled()), String.format(Locale.ROOT, "%.2f", v.coveragePct())};
    }
}
