package com.numa.characterize.builtin;

/**
 * One built-in workload after its set-up: its workers exist and its input is built, so an iteration is only the
 * measured work. Closing ends its workers. Public for the drivers of the real applications (module {@code apps}),
 * which run through the same harness.
 */
public interface Workload extends AutoCloseable {

    /** Runs one iteration and returns its result; every iteration of one workload returns the same value. */
    long iteration() throws InterruptedException;

    @Override
    void close();
}
