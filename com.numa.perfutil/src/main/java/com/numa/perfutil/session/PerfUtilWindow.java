package com.numa.perfutil.session;

import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The counts of the measured iterations only ({@link com.numa.core.window.MeasurementWindow}): the readings taken when
 * the first measured iteration started (the baseline) and when the latest measured iteration ended; the window of a
 * thread is the difference (a thread started inside the window counts from zero). Written as {@code scope=window}
 * rows of the PerfUtil CSV, beside the whole-run rows.
 */
final class PerfUtilWindow {
    private Map<Integer, ThreadSample> baseline;
    private List<ThreadSample> end;

    /** True once a measured iteration has started. */
    boolean opened() {
        return baseline != null;
    }

    /** The readings at the start of the first measured iteration; later calls are ignored. */
    void open(List<ThreadSample> readings) {
        if (baseline == null) {
            baseline = new HashMap<>();
            for (ThreadSample s : readings) {
                baseline.put(s.thread().tid(), s);
            }
        }
    }

    /** The readings at the end of a measured iteration: the window so far ends here. */
    void close(List<ThreadSample> readings) {
        if (baseline != null) {
            end = List.copyOf(readings);
        }
    }

    /** Per-thread counts inside the window; empty until a measured iteration ended. */
    List<ThreadSample> threads() {
        if (end == null) {
            return List.of();
        }
        List<ThreadSample> out = new ArrayList<>();
        for (ThreadSample s : end) {
            ThreadSample before = baseline.get(s.thread().tid());
            if (before != null && before.ended()) {
                continue; // a thread that had ended before the window (its tid reused) did nothing in it
            }
            List<CounterValue> values = new ArrayList<>();
            for (CounterValue v : s.values()) {
                CounterValue b = before == null ? null : before.value(v.event());
                values.add(b == null ? v : v.minus(b));
            }
            // a thread started inside the window counts from its counters' opening; the others from the window's start
            out.add(before == null ? new ThreadSample(s.thread(), s.timestampNs(), values, s.ended(), s.countedFromNs(),
                    s.cpuBeforeCountingNs()) : new ThreadSample(s.thread(), s.timestampNs(), values, s.ended(),
                    before.timestampNs(), 0));
        }
        return out;
    }
}
