package com.numa.profiler.rt;

/**
 * What the hooks report to; the profiler installs its implementation through {@link Hooks#install}. Field accesses
 * come through read/write, array accesses through readArray/writeArray (arrays never carry the injected word).
 * The *Stored methods carry the stored reference, for -XX:NUMAProfilerTrace.
 */
public interface AccessSink {
    void read(Object o);

    void write(Object o);

    void readArray(Object array, int index);

    void writeArray(Object array, int index);

    /**
     * A field read that names its field ({@code fieldId}, see com.numa.profiler.sharing.FieldIds): instrumented so only
     * under -XX:+NUMAProfilerDiagnose, and then instead of {@link #read}.
     */
    default void readField(Object o, int fieldId) {
        read(o);
    }

    /** A field write that names its field (diagnosis only, instead of {@link #write}). */
    default void writeField(Object o, int fieldId) {
        write(o);
    }

    void readStatic(int classId);

    void writeStatic(int classId);

    void allocated(Object o, int siteId);

    /**
     * A primitive array of {@code length} elements made where its elements' accesses are not hooked: it is only
     * counted, as {@code weight} allocations (N for the sampled one of N). {@code siteAndScale}: see
     * Hooks#siteAndScale.
     */
    void primitiveArrayMade(int length, int siteAndScale, int weight);

    void explicitGc();

    void controlPoint(int id);

    /**
     * {@code o.field = target}, where {@code fieldId} names a reference field (instrumented only when a trace is
     * recorded, so the default is never called otherwise).
     */
    default void referenceStored(Object o, Object target, int fieldId) {
    }

    /** {@code array[index] = target} into a reference array (trace recording only). */
    default void elementStored(Object array, int index, Object target) {
    }

    /** A static reference field {@code fieldId} now holds {@code target} (trace recording only). */
    default void staticReferenceStored(int fieldId, Object target) {
    }
}
