package com.numa.perfutil.linux;

/**
 * A failed system call: names the call, the errno and the likely fix, so the message alone tells the user what to do.
 */
public final class NativeCallException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String call;
    private final int errno;

    public NativeCallException(String call, int errno, String detail) {
        super(call + " failed: " + Errno.name(errno) + " (errno " + errno + ", " + Errno.describe(errno) + ")"
                + (detail == null || detail.isEmpty() ? "" : ". " + detail));
        this.call = call;
        this.errno = errno;
    }

    /** The system call or library function that failed, e.g. {@code perf_event_open}. */
    public String call() {
        return call;
    }

    /** The errno the kernel returned; 0 when the failure was not an errno (e.g. unsupported architecture). */
    public int errno() {
        return errno;
    }
}
