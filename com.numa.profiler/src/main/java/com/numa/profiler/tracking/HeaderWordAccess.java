package com.numa.profiler.tracking;

/**
 * Reads and writes the injected header word of an object, or says it has none. The field has no accessor methods and
 * the class no marker interface (reflection-driven programs such as PMD call every public method they find), so the
 * word is reached at its offset, found once per class by walking up to the class that declares it.
 */
public final class HeaderWordAccess {
    /**
     * The header word's field, as the instrumentation injects it (instrument.OwnerFieldInjector); prefixed with the
     * tool's name, so that no application's own field can collide with it.
     */
    public static final String FIELD = "numa$headerWord";
    static final long NONE = -1;
    private final HeaderWordClasses classes;
    private final ClassValue<Long> offsets = new ClassValue<>() {
        @Override
        protected Long computeValue(Class<?> c) {
            return find(c);
        }
    };

    public HeaderWordAccess(HeaderWordClasses classes) {
        this.classes = classes;
    }

    /** Where the word of instances of {@code c} lives, or {@link #NONE}. */
    long offset(Class<?> c) {
        return offsets.get(c);
    }

    private long find(Class<?> c) {
        if (!classes.enabled() || c.isArray() || c.isPrimitive() || c.isInterface()) {
            return NONE;
        }
        if (classes.declares(c.getName().replace('.', '/'))) {
            long at = InternalUnsafe.fieldOffset(c, FIELD);
            if (at >= 0) {
                return at;
            }
        }
        Class<?> sup = c.getSuperclass();
        return sup == null ? NONE : offset(sup);
    }

    static long get(Object o, long offset) {
        return InternalUnsafe.getLong(o, offset);
    }

    static void set(Object o, long offset, long word) {
        InternalUnsafe.putLong(o, offset, word);
    }
}
