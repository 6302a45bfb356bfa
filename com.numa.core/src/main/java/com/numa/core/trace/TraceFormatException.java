package com.numa.core.trace;

import java.io.IOException;

/** A trace that cannot be read: wrong magic or version, truncated, or holding an unknown record. */
public final class TraceFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public TraceFormatException(String message) {
        super(message);
    }
}
