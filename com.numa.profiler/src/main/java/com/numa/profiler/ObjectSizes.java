package com.numa.profiler;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Array;

/**
 * Shallow sizes for the allocation byte counts: arrays from their length (16-byte header, 8-byte alignment, as with
 * compressed oops), instances once per class through {@link Instrumentation#getObjectSize} and then cached.
 */
final class ObjectSizes {
    private final Instrumentation inst;
    /** One slot per class (ClassValue, so the cache never keeps a class from unloading); -1 until measured. */
    private final ClassValue<long[]> instanceSize = new ClassValue<>() {
        @Override
        protected long[] computeValue(Class<?> type) {
            return new long[] {-1};
        }
    };

    ObjectSizes(Instrumentation inst) {
        this.inst = inst;
    }

    long sizeOf(Object o) {
        Class<?> c = o.getClass();
        if (c.isArray()) {
            return arraySize(c.getComponentType(), Array.getLength(o));
        }
        long[] slot = instanceSize.get(c);
        if (slot[0] < 0) {
            slot[0] = inst != null ? inst.getObjectSize(o) : 16;
        }
        return slot[0];
    }

    static long arraySize(Class<?> component, int length) {
        long raw = 16L + (long) elementBytes(component) * length;
        return (raw + 7) & ~7L;
    }

    /** Bytes per array element (references as compressed oops). */
    static int elementBytes(Class<?> component) {
        return component == long.class || component == double.class ? 8
                : component == int.class || component == float.class ? 4
                : component == short.class || component == char.class ? 2
                : component == byte.class || component == boolean.class ? 1 : 4;
    }
}
