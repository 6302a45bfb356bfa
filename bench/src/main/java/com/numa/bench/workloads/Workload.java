package com.numa.bench.workloads;

/**
 * A built-in workload: a deterministic amount of work whose run time is the measurement. {@link #run()} returns a
 * checksum so the JIT cannot drop the work; the same scale always does the same work.
 */
public interface Workload {

    String name();

    /** Runs the workload once on the calling thread (and the threads it starts); returns a checksum. */
    long run() throws InterruptedException;
}
