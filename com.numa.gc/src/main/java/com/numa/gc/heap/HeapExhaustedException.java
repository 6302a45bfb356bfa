package com.numa.gc.heap;

/** The heap cannot hold what the trace keeps alive: a collection did not free enough to go on. */
public final class HeapExhaustedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    HeapExhaustedException(String message) {
        super(message);
    }
}
