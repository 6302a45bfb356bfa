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
     * What {@link #track()} did: the final samples of threads that ended, and how many live threads it could not
     * open counters on yet (not identified yet: worth another look soon).
     */
    record Tracking(List<ThreadSample> ended, int waiting) {
        public static final Tracking NONE = new Tracking(List.of(), 0);
    }

    /**
     * Between two samples: opens counters on threads that started since the last call and gives the final samples of
     * threads that ended, without reading the others (cheap enough to call every few milliseconds). A backend that
     * cannot do this does nothing; its short-lived threads are then seen only by {@link #sample()}.
     */
    default Tracking track() {
        return Tracking.NONE;
    }

    @Override
    void close();
}
