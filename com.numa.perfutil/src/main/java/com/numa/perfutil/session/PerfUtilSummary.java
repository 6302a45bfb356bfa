package com.numa.perfutil.session;

import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The short per-thread table printed to stderr at exit: the busiest threads by the first event that counted, with each event's
 * scaled total (task-clock in milliseconds, other events as counts) and the lowest multiplexing coverage seen.
 */
final class PerfUtilSummary {
    static final int MAX_ROWS = 15;
    private static final int MAX_EVENTS = 4;

    private PerfUtilSummary() {
    }

    static String format(List<ThreadReading> readings, List<String> events, String csvPath) {
        List<String> shown = events.subList(0, Math.min(MAX_EVENTS, events.size()));
        List<ThreadReading> sorted = new ArrayList<>(readings);
        String key = sortingEvent(readings, events);
        if (key != null) {
            sorted.sort(Comparator.comparingDouble((ThreadReading r) -> scaled(r.sample(), key)).reversed());
        }
        int nameWidth = 6;
        for (ThreadReading r : sorted.subList(0, Math.min(MAX_ROWS, sorted.size()))) {
            nameWidth = Math.max(nameWidth, Math.min(32, shownName(r).length()));
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "numa: PerfUtil summary, %d thread(s)%s, all rows in %s%n", readings.size(),
                key == null ? "" : " by " + key, csvPath));
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%8s  %-" + nameWidth + "s  %-12s", "tid", "thread", "role"));
        for (String e : shown) {
            head.append(String.format(Locale.ROOT, "  %16s", heading(e)));
        }
        sb.append(head).append(String.format(Locale.ROOT, "  %8s%n", "min_cov%"));
        for (ThreadReading r : sorted.subList(0, Math.min(MAX_ROWS, sorted.size()))) {
            ThreadSample s = r.sample();
            String name = shownName(r);
            if (name.length() > nameWidth) {
                name = name.substring(0, nameWidth - 1) + "~";
            }
            sb.append(String.format(Locale.ROOT, "%8d  %-" + nameWidth + "s  %-12s", s.thread().tid(), name,
                    s.thread().role().label() + (s.ended() ? "*" : "")));
            double minCoverage = Double.NaN;
            for (String e : shown) {
                CounterValue v = s.value(e);
                sb.append(String.format(Locale.ROOT, "  %16s", v == null ? "-" : amount(e, v.scaled())));
                if (v != null && v.enabledNs() > 0) {
                    // a counter never enabled (the thread never ran) says nothing about multiplexing
                    minCoverage = Double.isNaN(minCoverage) ? v.coveragePct() : Math.min(minCoverage, v.coveragePct());
                }
            }
            sb.append(Double.isNaN(minCoverage) ? String.format(Locale.ROOT, "  %8s%n", "-")
                    : String.format(Locale.ROOT, "  %8.1f%n", minCoverage));
        }
        if (sorted.size() > MAX_ROWS) {
            sb.append(String.format(Locale.ROOT, "  ... %d more thread(s) in the CSV%n", sorted.size() - MAX_ROWS));
        }
        if (sorted.stream().anyMatch(r -> r.sample().ended())) {
            sb.append(String.format(Locale.ROOT, "  (* the thread had ended; its final reading is shown)%n"));
        }
        return sb.toString();
    }

    /**
     * The line saying whether every thread started during the run was measured, and the CPU time of those that were
     * not: the reader of a verdict needs to know when threads went unseen.
     */
    static String coverage(ThreadCoverage.Evidence e) {
        String cpu = e.notMeasuredCpuNs() < 0 ? ""
                : String.format(Locale.ROOT, "; CPU time not in any row: %.1f ms of %.1f ms", e.notMeasuredCpuNs() / 1e6,
                        e.processCpuNs() / 1e6);
        String threads = e.javaThreadsNotMeasured() == 0
                ? String.format(Locale.ROOT, "all %d Java thread(s) started during the run were measured", e.javaThreadsStarted())
                : String.format(Locale.ROOT, "%d of %d Java thread(s) started during the run were NOT measured",
                        e.javaThreadsNotMeasured(), e.javaThreadsStarted());
        return String.format(Locale.ROOT, "  %s%s%n", threads, cpu);
    }

    /**
     * The first requested event that counted anything: a hardware event the machine cannot count (no PMU) reads 0 or
     * is missing for every thread, and sorting by it would hide the busiest threads in "... more".
     */
    static String sortingEvent(List<ThreadReading> readings, List<String> events) {
        for (String e : events) {
            for (ThreadReading r : readings) {
                if (scaled(r.sample(), e) > 0) {
                    return e;
                }
            }
        }
        return events.isEmpty() ? null : events.get(0);
    }

    /** A renamed thread shows its earlier names, so the main thread is recognisable under an application's name. */
    private static String shownName(ThreadReading r) {
        String name = r.sample().thread().name();
        return r.previousNames().isEmpty() ? name : name + " (was " + String.join(", ", r.previousNames()) + ")";
    }

    private static double scaled(ThreadSample s, String event) {
        CounterValue v = s.value(event);
        return v == null ? -1 : v.scaled();
    }

    /** task-clock and cpu-clock count nanoseconds: shown in ms, the unit people read them in. */
    private static boolean isClock(String event) {
        return event.equals("task-clock") || event.equals("cpu-clock");
    }

    private static String heading(String event) {
        return isClock(event) ? event + "_ms" : event;
    }

    private static String amount(String event, double scaled) {
        return isClock(event) ? String.format(Locale.ROOT, "%.1f", scaled / 1e6) : String.format(Locale.ROOT, "%.0f", scaled);
    }
}
