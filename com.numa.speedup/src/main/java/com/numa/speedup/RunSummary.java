package com.numa.speedup;

import com.numa.core.stats.Stats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The raw times of one measured run that the speedup-stack equations take, in nanoseconds: its wall time, the main
 * thread's running time (CPU time from the thread clock, -1 without it), the GC pause total
 * (T_GC), the span from the first worker's start to the last worker's end (the rest of the run is the main thread
 * alone, T_seq), the summed waits (Sync_i) and the summed time from each worker's exit to the last exit (Exit_i).
 */
record RunSummary(long wallNs, long mainRunningNs, int workerCount, long workerSpanNs, long gcPauseNs, long syncNs,
                  long exitNs, long runningNs, long descheduledNs, List<WorkerShare> workers) {

    /**
     * One worker's part of the sums; {@code runningNs} is -1 when the thread clock did not see the thread, and so is
     * {@code descheduledNs}: the time it was neither running, nor waiting, nor stopped by GC — runnable while another
     * tenant had the CPU (the paper avoided such time-sharing by having more cores than threads, Section IV).
     */
    record WorkerShare(String name, long lifetimeNs, long syncNs, long exitNs, long runningNs, long descheduledNs) {
    }

    RunSummary {
        workers = List.copyOf(workers);
    }

    static RunSummary of(RunTimeline timeline, long wallNs, long mainRunningNs) {
        List<WorkerTimes> ws = timeline.workers();
        if (ws.isEmpty()) {
            return new RunSummary(wallNs, mainRunningNs, 0, 0, Interval.totalLength(timeline.gcPauses()), 0, 0,
                    WorkerTimes.UNKNOWN, WorkerTimes.UNKNOWN, List.of());
        }
        long firstStart = ws.stream().mapToLong(WorkerTimes::startNs).min().orElseThrow();
        long lastEnd = ws.stream().mapToLong(WorkerTimes::endNs).max().orElseThrow();
        long sync = 0;
        long exit = 0;
        long running = 0;
        long descheduled = 0;
        boolean runningKnown = false;
        List<WorkerShare> shares = new ArrayList<>();
        for (WorkerTimes w : ws) {
            long s = Interval.lengthOutside(clip(w.waits(), w.startNs(), w.endNs()), timeline.gcPauses());
            long e = lastEnd - w.endNs();
            sync += s;
            exit += e;
            long d = WorkerTimes.UNKNOWN;
            if (w.runningNs() >= 0) {
                long stopped = Interval.totalLength(clip(timeline.gcPauses(), w.startNs(), w.endNs()));
                d = Math.max(0, w.lifetimeNs() - w.runningNs() - s - stopped);
                running += w.runningNs();
                descheduled += d;
                runningKnown = true;
            }
            shares.add(new WorkerShare(w.name(), w.lifetimeNs(), s, e, w.runningNs(), d));
        }
        return new RunSummary(wallNs, mainRunningNs, ws.size(), lastEnd - firstStart,
                Interval.totalLength(timeline.gcPauses()), sync, exit, runningKnown ? running : WorkerTimes.UNKNOWN, runningKnown ? descheduled : WorkerTimes.UNKNOWN, shares);
    }

    /**
     * Field by field median of repeated runs (the paper advises repeating and discarding outliers, Section IV);
     * the per-worker breakdown is the one of the run whose worker span is the median.
     */
    static RunSummary median(List<RunSummary> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs");
        }
        List<RunSummary> bySpan = new ArrayList<>(runs);
        bySpan.sort(Comparator.comparingLong(RunSummary::workerSpanNs));
        RunSummary middle = bySpan.get((bySpan.size() - 1) / 2);
        return new RunSummary(median(runs, RunSummary::wallNs), median(runs, RunSummary::mainRunningNs),
                (int) median(runs, RunSummary::workerCount), median(runs, RunSummary::workerSpanNs),
                median(runs, RunSummary::gcPauseNs), median(runs, RunSummary::syncNs), median(runs, RunSummary::exitNs),
                median(runs, RunSummary::runningNs), median(runs, RunSummary::descheduledNs), middle.workers());
    }

    private static long median(List<RunSummary> runs, ToLongFunction<RunSummary> field) {
        return Stats.lowerMedian(runs.stream().mapToLong(field).toArray());
    }

    private static List<Interval> clip(List<Interval> spans, long from, long to) {
        List<Interval> clipped = new ArrayList<>();
        for (Interval i : spans) {
            long s = Math.max(i.startNs(), from);
            long e = Math.min(i.endNs(), to);
            if (e > s) {
                clipped.add(new Interval(s, e));
            }
        }
        return clipped;
    }
}
