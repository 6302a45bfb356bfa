package com.numa.opt;

import java.util.ArrayDeque;

/**
 * CPUs some threads wanted over the latest intervals that together cover a span (the hold): a burst in one interval
 * weighs by its length, and an interval whose demand is unknown (NaN) counts for neither side.
 */
final class DemandWindow {
    /** {CPUs, interval ms}, oldest first. */
    private final ArrayDeque<double[]> intervals = new ArrayDeque<>();
    /** The longest span ever asked for: older intervals are dropped as new ones come. */
    private final long maxSpanMs;

    DemandWindow(long maxSpanMs) {
        this.maxSpanMs = maxSpanMs;
    }

    void add(double cpus, long ms) {
        intervals.addLast(new double[] {cpus, ms});
        trim(maxSpanMs);
    }

    void clear() {
        intervals.clear();
    }

    /** The mean over the latest intervals that cover {@code spanMs} (older ones are dropped); NaN when unknown. */
    double mean(long spanMs) {
        trim(spanMs);
        double cpu = 0;
        double ms = 0;
        for (double[] w : intervals) {
            if (Double.isFinite(w[0])) {
                cpu += w[0] * w[1];
                ms += w[1];
            }
        }
        return ms > 0 ? cpu / ms : Double.NaN;
    }

    private void trim(long spanMs) {
        while (intervals.size() > 1 && ms() - intervals.peekFirst()[1] >= spanMs) {
            intervals.removeFirst();
        }
    }

    /** The length of the intervals held, ms. */
    long ms() {
        long ms = 0;
        for (double[] w : intervals) {
            ms += (long) w[1];
        }
        return ms;
    }
}
