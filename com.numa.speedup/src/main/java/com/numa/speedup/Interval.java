package com.numa.speedup;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A span on the recording's clock, in epoch nanoseconds (JFR's start and end of an event). */
record Interval(long startNs, long endNs) {
    Interval {
        if (endNs < startNs) {
            throw new IllegalArgumentException("interval ends before it starts: " + startNs + ".." + endNs);
        }
    }

    long lengthNs() {
        return endNs - startNs;
    }

    /**
     * Time covered by {@code spans} but by none of {@code excluded}. The paper takes the collector's time out of
     * the futex waits (Section IV); a thread parked across a stop-the-world pause would otherwise be charged twice,
     * once as GC and once as synchronization. Overlapping spans count once.
     */
    static long lengthOutside(List<Interval> spans, List<Interval> excluded) {
        long total = 0;
        List<Interval> holes = union(excluded);
        for (Interval span : union(spans)) {
            long covered = span.lengthNs();
            for (Interval hole : holes) {
                long from = Math.max(span.startNs, hole.startNs);
                long to = Math.min(span.endNs, hole.endNs);
                if (to > from) {
                    covered -= to - from;
                }
            }
            total += covered;
        }
        return total;
    }

    /** The spans merged where they overlap or touch, in time order. */
    static List<Interval> union(List<Interval> spans) {
        List<Interval> sorted = new ArrayList<>(spans);
        sorted.sort(Comparator.comparingLong(Interval::startNs));
        List<Interval> merged = new ArrayList<>();
        for (Interval next : sorted) {
            Interval last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && next.startNs <= last.endNs) {
                merged.set(merged.size() - 1, new Interval(last.startNs, Math.max(last.endNs, next.endNs)));
            } else {
                merged.add(next);
            }
        }
        return merged;
    }

    /** Total length of the spans, overlaps counted once. */
    static long totalLength(List<Interval> spans) {
        return lengthOutside(spans, List.of());
    }
}
