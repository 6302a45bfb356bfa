package com.numa.perfutil.counters;

/** Not even the fallback event (task-clock) can be counted; the message says why and what to change. */
public final class CountersUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CountersUnavailableException(String message) {
        super(message);
    }
}
