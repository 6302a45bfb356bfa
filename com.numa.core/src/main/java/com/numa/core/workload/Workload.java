package com.numa.core.workload;

/**
 * A synthetic workload after its set-up: its workers exist and its input is built, so an iteration is only the
 * measured work. Closing ends its workers. The one workload type of numa-jvm's own programs: numa characterize's
 * built-in workloads, the drivers of the real applications (modules {@code apps} and {@code spark}), which all run
 * through {@link IterationHarness}, and the overhead workloads of module {@code bench}.
 */
public interface Workload extends AutoCloseable {

    /** Runs one iteration and returns its result; every iteration of one workload returns the same value. */
    long iteration() throws InterruptedException;

    /** Ends the workload's workers; nothing to do for a workload that keeps none between iterations. */
    @Override
    default void close() {
    }
}
