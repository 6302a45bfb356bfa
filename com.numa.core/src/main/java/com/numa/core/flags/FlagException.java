package com.numa.core.flags;

/** A bad NUMA-family flag: unknown name or invalid value. The message names the flag and the valid choices. */
public final class FlagException extends Exception {
    private static final long serialVersionUID = 1L;

    public FlagException(String message) {
        super(message);
    }
}
