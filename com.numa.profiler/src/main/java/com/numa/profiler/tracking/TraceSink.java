package com.numa.profiler.tracking;

/**
 * What the runtime records for -XX:NUMAProfilerTrace (report.TraceRecorder writes it for numa gc-replay): called on the
 * recording thread, inside the runtime's re-entrancy guard, and only when a trace is recorded; never throws.
 */
public interface TraceSink {
    /** {@code t} met its first hook. */
    void threadStarted(ProfiledThread t);

    /** A new object of {@code bytes} (its shallow size, which the runtime knows per class). */
    void allocated(ProfiledThread t, Object o, int siteId, long bytes);

    /** A reference store into field {@code fieldId} of {@code o} (numbered by {@link ReferenceFields}). */
    void fieldStored(ProfiledThread t, Object o, int fieldId, Object target);

    /** A reference store into element {@code index} of {@code array}. */
    void elementStored(ProfiledThread t, Object array, int index, Object target);

    /** A reference store into static field {@code fieldId}. */
    void rootStored(ProfiledThread t, int fieldId, Object target);

    /** A profiled access of {@code o}. */
    void accessed(ProfiledThread t, Object o, boolean write);

    /** An explicit GC. */
    void gc(ProfiledThread t);
}
