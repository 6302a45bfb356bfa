package com.numa.perfutil.counters;

/**
 * One counter's reading with its multiplexing provenance. {@code enabledNs} is how long the event was enabled,
 * {@code runningNs} how long it was actually on a hardware counter; the scaled value extrapolates the raw count to the
 * whole enabled time in floating point (no integer truncation), as perf stat does.
 */
public record CounterValue(String event, long raw, long enabledNs, long runningNs) {

    /** raw × enabled / running; 0 when the event never ran (coverage 0%: there is nothing to extrapolate from). */
    public double scaled() {
        if (runningNs <= 0) {
            return 0.0;
        }
        if (runningNs >= enabledNs) {
            return raw;
        }
        return (double) raw * ((double) enabledNs / (double) runningNs);
    }

    /** running / enabled in percent; 100 for a counter that was never multiplexed out. */
    public double coveragePct() {
        if (enabledNs <= 0) {
            return runningNs > 0 ? 100.0 : 0.0;
        }
        return Math.min(100.0, 100.0 * (double) runningNs / (double) enabledNs);
    }

    /** The difference between this reading and an earlier one of the same counter (for per-interval figures). */
    public CounterValue minus(CounterValue earlier) {
        if (!earlier.event.equals(event)) {
            throw new IllegalArgumentException("cannot subtract " + earlier.event + " from " + event);
        }
        return new CounterValue(event, raw - earlier.raw, enabledNs - earlier.enabledNs, runningNs - earlier.runningNs);
    }
}
