package com.numa.profiler;

/** The on-demand interface, registered as {@code com.numa:type=NUMAProfiler}. */
public interface ProfilerControlMBean {
    void start();

    void stop();

    /** Writes the output files now; returns the directory. */
    String dump();

    boolean isActive();

    long getAccesses();
}
