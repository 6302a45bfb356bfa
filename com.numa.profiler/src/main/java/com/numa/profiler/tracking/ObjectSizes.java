package com.numa.profiler.tracking;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Array;

/**
 * Shallow sizes for the allocation byte counts: arrays from their length (16-byte header, 8-byte alignment, as with
 * compressed oops), instances through {@link Instrumentation#getObjectSize}. Instance sizes are measured, not cached:
 * the runtime keeps one per class in its class facts ({@code ClassFacts.size}) and asks here once.
 */
public final class ObjectSizes {
    private final Instrumentation inst;

    public ObjectSizes(Instrumentation inst) {
        this.inst = inst;
    }

    /** The size of instance {@code o} (not an array); 16 without an Instrumentation (tests). */
    long instanceSize(Object o) {
        return inst != null ? inst.getObjectSize(o) : 16;
    }

    public static long arraySize(Object array) {
        return arraySize(array.getClass().getComponentType(), Array.getLength(array));
    }

    static long arraySize(Class<?> component, int length) {
        return arraySize(elementBytes(component), length);
    }

    /** An array of {@code length} elements of {@code elementBytes} each. */
    static long arraySize(int elementBytes, int length) {
        long raw = 16L + (long) elementBytes * length;
        return (raw + 7) & ~7L;
    }

    /** Bytes per array element (references as compressed oops). */
    public static int elementBytes(Class<?> component) {
        return component == long.class || component == double.class ? 8
                : component == int.class || component == float.class ? 4
                : component == short.class || component == char.class ? 2
                : component == byte.class || component == boolean.class ? 1 : 4;
    }
}
