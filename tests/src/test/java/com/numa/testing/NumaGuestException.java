package com.numa.testing;

/** The NUMA guest did not run the command to its end: it timed out, could not boot or set up, or is missing. */
public final class NumaGuestException extends RuntimeException {

    private final boolean timedOut;

    NumaGuestException(String message, boolean timedOut) {
        super(message);
        this.timedOut = timedOut;
    }

    /** True when the guest (or its runner) was killed for running past its timeout. */
    public boolean timedOut() {
        return timedOut;
    }
}
