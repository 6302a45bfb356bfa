package com.numa.core.threads;

/** What a kernel thread of this JVM is to the user: the main thread, an application thread, or the JVM's own. */
public enum ThreadRole {
    MAIN, APPLICATION, JVM_INTERNAL;

    /** The lower-case form used in CSV files and logs. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
