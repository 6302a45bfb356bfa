package com.numa.profiler.tracking;

/**
 * What the hooks tell the profiling window (the lifecycle's {@code ProfilingWindow}): the program's explicit GCs and
 * the entries of the start and stop methods, by the control point ids the instrumentation writes into them.
 */
public interface WindowEvents {
    /** The control point at the entry of the -XX:NUMAProfilerStartAt method. */
    int START_POINT = 1;
    /** The control point at the entry of the -XX:NUMAProfilerStopAt method. */
    int STOP_POINT = 2;

    /** System.gc() or Runtime.gc() was called. */
    void explicitGc();

    /** Control point {@code id} ({@link #START_POINT} or {@link #STOP_POINT}) was reached. */
    void controlPoint(int id);
}
