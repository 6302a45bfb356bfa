package com.numa.perfutil.counters;

import java.util.List;

/**
 * Per-thread counters for every thread of this JVM. Each {@link #sample()} picks up threads created since the last
 * call, reads every open group once, and returns one cumulative sample per thread (including the final sample of
 * threads that ended since the last call, whose file descriptors are then closed).
 */
public interface ThreadSampler extends AutoCloseable {

    /** The event names this sampler counts, in order. */
    List<String> events();

    List<ThreadSample> sample();

    /**
     * Between two samples: opens counters on threads that started since the last call and returns the final samples
     * of threads that ended, without reading the others (cheap enough to call every few milliseconds). A backend that
     * cannot do this returns nothing; its short-lived threads are then seen only by {@link #sample()}.
     */
    default List<ThreadSample> track() {
        return List.of();
    }

    @Override
    void close();
}
