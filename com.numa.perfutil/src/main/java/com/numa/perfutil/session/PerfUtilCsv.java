package com.numa.perfutil.session;

import com.numa.perfutil.counters.CoreSample;
import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.core.io.CsvTables;
import com.numa.core.provenance.CompletionMarker;
import com.numa.core.provenance.JvmIdentity;
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
 *
 * <p>Which share of a thread's life the counts hold: {@code counted_from_ns} (System.nanoTime when its counters
 * opened; for window rows of threads older than the window, the window's start), {@code cpu_before_counting_ns} (CPU
 * time the thread had run by then, from the kernel's schedstat: in no count), {@code life_counted_pct} (task-clock /
 * (task-clock + cpu_before_counting_ns): the share of its CPU time the counts cover). Empty when unknown.
 *
 * <p>{@code process} rows (one per quantity in {@code event}, its value in {@code raw} and {@code scaled}) are the
 * evidence that every thread was seen ({@link ThreadCoverage}): {@code java_threads_started},
 * {@code java_threads_measured}, {@code java_threads_not_measured} (counts), {@code process_cpu_ns},
 * {@code measured_cpu_ns}, {@code not_measured_cpu_ns} (nanoseconds; -1 when unknown).
 *
 * <p>Which JVM wrote the row ({@link JvmIdentity}), so that files of many JVMs merge and line up: {@code epoch_ns}
 * (timestamp_ns as wall-clock epoch nanoseconds), {@code host}, {@code pid}, {@code jvm_start_epoch_ms} and
 * {@code label} (-XX:NUMALabel). At exit, after the last write, {@code <file>.complete} marks the file whole
 * ({@link CompletionMarker}).
 */
final class PerfUtilCsv {
    static final String[] HEADER = {"scope", "timestamp_ns", "tid", "thread", "previous_names", "role", "ended", "cpu", "node", "event",
        "raw", "enabled_ns", "running_ns", "scaled", "coverage_pct", "counted_from_ns", "cpu_before_counting_ns",
        "life_counted_pct", "epoch_ns", "host", "pid", "jvm_start_epoch_ms", "label"};
    static final String PROCESS = "process";

    private PerfUtilCsv() {
    }

    /** Replaces {@code target} atomically with the readings' rows. */
    static void write(Path target, List<ThreadReading> threads, List<CoreSample> cores, List<ThreadSample> window)
            throws IOException {
        write(target, threads, cores, window, null);
    }

    /** As above, with the process rows of {@code coverage} when it is not null. */
    static void write(Path target, List<ThreadReading> threads, List<CoreSample> cores, List<ThreadSample> window,
            ThreadCoverage.Evidence coverage) throws IOException {
        CsvTables.write(target, List.of(HEADER), csv -> {
            for (ThreadReading r : threads) {
                ThreadSample s = r.sample();
                for (CounterValue v : s.values()) {
                    csv.printRecord(counts("thread", s.timestampNs(), s.thread().tid(), s.thread().name(),
                            String.join(";", r.previousNames()), s.thread().role().label(), s.ended(), "", "", v, life(s)));
                }
            }
            for (ThreadSample s : window) {
                for (CounterValue v : s.values()) {
                    csv.printRecord(counts("window", s.timestampNs(), s.thread().tid(), s.thread().name(), "",
                            s.thread().role().label(), s.ended(), "", "", v, life(s)));
                }
            }
            for (CoreSample s : cores) {
                for (CounterValue v : s.values()) {
                    csv.printRecord(counts("core", s.timestampNs(), "", "", "", "", "", s.cpu(), s.node(), v,
                            new Object[] {"", "", ""}));
                }
            }
            if (coverage != null) {
                long ts = System.nanoTime();
                csv.printRecord(quantity(ts, "java_threads_started", coverage.javaThreadsStarted()));
                csv.printRecord(quantity(ts, "java_threads_measured", coverage.javaThreadsMeasured()));
                csv.printRecord(quantity(ts, "java_threads_not_measured", coverage.javaThreadsNotMeasured()));
                csv.printRecord(quantity(ts, "process_cpu_ns", coverage.processCpuNs()));
                csv.printRecord(quantity(ts, "measured_cpu_ns", coverage.measuredCpuNs()));
                csv.printRecord(quantity(ts, "not_measured_cpu_ns", coverage.notMeasuredCpuNs()));
            }
        });
    }

    /** counted_from_ns, cpu_before_counting_ns and life_counted_pct of a thread's sample. */
    private static Object[] life(ThreadSample s) {
        Object from = s.countedFromNs() < 0 ? "" : s.countedFromNs();
        Object before = s.cpuBeforeCountingNs() < 0 ? "" : s.cpuBeforeCountingNs();
        CounterValue clock = s.value(ThreadCoverage.TASK_CLOCK);
        Object pct = "";
        if (clock != null && s.cpuBeforeCountingNs() >= 0) {
            long life = clock.raw() + s.cpuBeforeCountingNs();
            pct = String.format(Locale.ROOT, "%.2f", life == 0 ? 100.0 : 100.0 * clock.raw() / life);
        }
        return new Object[] {from, before, pct};
    }

    private static Object[] quantity(long timestampNs, String name, long value) {
        JvmIdentity jvm = JvmIdentity.current();
        return new Object[] {PROCESS, timestampNs, "", "", "", "", "", "", "", name, value, "", "", value, "", "", "", "",
            jvm.epochNs(timestampNs), jvm.host(), jvm.pid(), jvm.startEpochMs(), jvm.label()};
    }

    private static Object[] counts(String scope, long timestampNs, Object tid, Object thread, Object previousNames,
            Object role, Object ended, Object cpu, Object node, CounterValue v, Object[] life) {
        JvmIdentity jvm = JvmIdentity.current();
        return new Object[] {scope, timestampNs, tid, thread, previousNames, role, ended, cpu, node, v.event(), v.raw(), v.enabledNs(),
            v.runningNs(), String.format(Locale.ROOT, "%.1f", v.scaled()), String.format(Locale.ROOT, "%.2f", v.coveragePct()),
            life[0], life[1], life[2], jvm.epochNs(timestampNs), jvm.host(), jvm.pid(), jvm.startEpochMs(), jvm.label()};
    }
}
