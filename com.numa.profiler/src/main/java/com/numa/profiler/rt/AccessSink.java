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

    /*
     * WordHooks (sampled mode): the object stays in the application's code, the sink gets its header word.
     */

    /** A sampled access to an object whose header word is {@code word}: returns the word to store back. */
    default long accessedWord(long word, boolean write) {
        return word;
    }

    /**
     * The offset of the header word of instances of the class named by owner id {@code ownerId} (of which {@code o} is
     * an instance), or -1 when the owner's hooks should pass the object (no word, or a mode that needs the object).
     */
    default int ownerWordOffset(int ownerId, Object o) {
        return -1;
    }

    /** What {@link #siteWordOffset} answers for a site whose objects need no owner at all: counting them is enough. */
    int COUNT_ONLY = -2;

    /**
     * As {@link #ownerWordOffset} for the objects made at allocation site {@code siteId} ({@code o} the first one), or
     * {@link #COUNT_ONLY} when no hook can ever read their owner (a class without the word whose fields instrumented
     * code cannot reach): the site's hook then counts them without the object (see {@link #objectMade}).
     */
    default int siteWordOffset(int siteId, Object o) {
        return -1;
    }

    /** The calling thread's owner key (bits 0-19) and home node + 1 (from bit 20); 0 when it has none. */
    default int threadBits() {
        return 0;
    }

    /**
     * An object made at {@code siteId}, whose word WordHooks wrote (or which needs none: {@link #COUNT_ONLY}), counted
     * as {@code weight} allocations.
     */
    default void objectMade(int siteId, int weight) {
    }
}
