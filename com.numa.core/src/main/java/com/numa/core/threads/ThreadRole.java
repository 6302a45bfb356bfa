package com.numa.core.threads;

/**
 * What a kernel thread of this JVM is to the user: the main thread, an application thread, one of the JVM's own, or
 * one of numa-jvm's own (the tool measuring the application, which must not be counted as the application).
 */
public enum ThreadRole {
    MAIN, APPLICATION, JVM_INTERNAL, TOOL;

    /** The lower-case form used in CSV files and logs. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** Main and application threads: the ones whose work is the application's. */
    public boolean runsApplication() {
        return this == MAIN || this == APPLICATION;
    }
}
