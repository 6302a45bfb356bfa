package com.numa.profiler.tracking;

/**
 * Keeps the profiler's hooks off the calling thread while the transformer works on it. The transformer runs on
 * whichever thread loads a class, and ASM and the visitors use java.util's lists and maps, which program coverage
 * instruments: without the hold, each class rewritten makes allocations and accesses that count as the
 * application's, and pays for their hooks (about a quarter of the rewriting time of program coverage's start).
 */
public interface HookHold {
    /** Holds the calling thread's hooks off; false when they were already off (then {@link #release} is not due). */
    boolean hold();

    /** Lets the hooks of the calling thread, held by {@link #hold}, run again. */
    void release();
}
