package com.numa.gc.replay;

/** A trace the heap cannot replay: an event that contradicts the trace so far (e.g. a use of a dead object). */
public final class ReplayException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ReplayException(String message, Throwable cause) {
        super(message, cause);
    }
}
