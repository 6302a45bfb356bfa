package com.numa.perfutil.counters;

import com.numa.core.threads.ThreadIdentity;
import java.util.List;

/**
 * Cumulative counter values of one thread since its counters were opened, taken at {@code timestampNs}
 * (System.nanoTime). {@code ended} marks the final reading of a thread that has exited.
 *
 * <p>{@code countedFromNs} is when the counters were opened (System.nanoTime, the clock of {@code timestampNs});
 * {@code cpuBeforeCountingNs} is the CPU time the thread had already run by then (the kernel's schedstat), which no
 * counter holds. Either is {@link #UNKNOWN} when the backend does not say.
 */
public record ThreadSample(ThreadIdentity thread, long timestampNs, List<CounterValue> values, boolean ended,
        long countedFromNs, long cpuBeforeCountingNs) {

    /** A time or CPU time the backend did not record. */
    public static final long UNKNOWN = -1;

    /** A sample whose counting start is not known. */
    public ThreadSample(ThreadIdentity thread, long timestampNs, List<CounterValue> values, boolean ended) {
        this(thread, timestampNs, values, ended, UNKNOWN, UNKNOWN);
    }

    /** The value of one event, or null when this sample does not carry it. */
    public CounterValue value(String event) {
        for (CounterValue v : values) {
            if (v.event().equals(event)) {
                return v;
            }
        }
        return null;
    }
}
