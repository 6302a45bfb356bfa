package com.numa.perfutil.counters;

import com.numa.core.threads.ThreadIdentity;
import java.util.List;

/**
 * Cumulative counter values of one thread since its counters were opened, taken at {@code timestampNs}
 * (System.nanoTime). {@code ended} marks the final reading of a thread that has exited.
 */
public record ThreadSample(ThreadIdentity thread, long timestampNs, List<CounterValue> values, boolean ended) {

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
