package com.numa.profiler.tracking;

import com.numa.profiler.rt.RawAccess;

/**
 * A thread's id, read from {@code Thread}'s own field rather than through {@code getId()}: a subclass may override
 * {@code getId}, and an instrumented override would re-enter the hook that is looking up the calling thread's state.
 */
final class ThreadIds {
    static final long UNKNOWN = -1;

    private ThreadIds() {
    }

    /** The id the JVM gave {@code t} (unique among live threads), or {@link #UNKNOWN}. */
    static long of(Thread t) {
        return InternalUnsafe.problem() == null ? RawAccess.threadId(t) : UNKNOWN;
    }
}
