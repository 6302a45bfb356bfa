package com.numa.profiler.tracking;


/**
 * What the runtime learnt of one class, each fact when first needed: where its instances' header word is, their size,
 * whether their side-table entry could ever be read. One per class and runtime ({@link #table}), shared by every
 * thread, so a class one thread has met costs the others a lookup, not a second computation; threads keep the facts
 * they use in a small cache of their own (see ProfiledThread#facts). A fact is written racily with the value any thread
 * would compute. Weak, so that the threads' caches keep no class from unloading.
 */
final class ClassFacts extends java.lang.ref.WeakReference<Class<?>> {
    static final long UNKNOWN = Long.MIN_VALUE;
    /** Where the header word of the class's instances is (HeaderWordAccess.NONE: they have none), or UNKNOWN. */
    long wordOffset = UNKNOWN;
    /** The instances' size (see ObjectSizes), or UNKNOWN. */
    long size = UNKNOWN;
    /**
     * Whether instances need a side-table entry when they have no header word (see FieldReach), as of a FieldReach
     * version: {@code version << 1 | tracked}, 0 while unknown. One int, so that a racing reader never pairs one
     * thread's version with another's answer.
     */
    private int reach;

    private ClassFacts(Class<?> c) {
        super(c);
    }

    /** A runtime's facts of every class, made on first request. */
    static ClassValue<ClassFacts> table() {
        return new ClassValue<>() {
            @Override
            protected ClassFacts computeValue(Class<?> c) {
                return new ClassFacts(c);
            }
        };
    }

    /** Whether the answer of FieldReach {@code version} (-1: no FieldReach) is known. */
    boolean reachKnown(int version) {
        return reach != 0 && reach >> 1 == version;
    }

    /** The answer given as of {@code version}: meaningful once {@link #reachKnown}. */
    boolean tracked() {
        return (reach & 1) != 0;
    }

    void reach(int version, boolean tracked) {
        reach = version << 1 | (tracked ? 1 : 0);
    }
}
