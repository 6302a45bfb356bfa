package com.numa.perfutil.papi;

/**
 * A PAPI failure whose message names the library call or event, PAPI's error code and the likely fix. {@link #code()}
 * is PAPI's return code (negative, e.g. -7 PAPI_ENOEVNT), or 0 when the library itself could not be used.
 */
public final class PapiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int code;

    PapiException(int code, String message) {
        super(message);
        this.code = code;
    }

    PapiException(String message, Throwable cause) {
        super(message, cause);
        this.code = 0;
    }

    public int code() {
        return code;
    }
}
