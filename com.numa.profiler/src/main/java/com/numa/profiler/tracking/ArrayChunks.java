package com.numa.profiler.tracking;

import java.util.function.ToIntFunction;

/**
 * Which owner word of an array an element belongs to: the array is cut into chunks of {@code chunkBytes} counted from
 * the array's start, header included, so with the default 64 the chunks are the cache lines the sharing diagnosis
 * places the elements in (its {@code WordLayout}: element {@code i} at {@code base + i * scale} from the object's
 * start). Shared and private accesses are then judged per line, the granularity at which threads really share memory,
 * and {@code numa characterize} (shared-write share) and {@code numa diagnose} (false sharing) look at the same lines.
 *
 * <p>Element 0 does not start a chunk: the header takes the first {@code base} bytes of chunk 0. The element's chunk is
 * {@code (lead + i) >> shift}, where {@code lead = base / scale} is the header counted in elements (HotSpot aligns
 * element 0 to the element size, so the division is exact).
 */
final class ArrayChunks {
    /** The cache line of the sharing diagnosis's model. */
    private static final int LINE = 64;
    /** Bytes per chunk (a power of two), or 0 for one word per array. */
    private final int chunkBytes;
    /** Where element 0 starts and bytes per element, per kind of element: see {@link #kind}. */
    private final int[] bases = new int[KINDS];
    private final int[] scales = new int[KINDS];

    private static final Class<?>[] ARRAYS = {long[].class, double[].class, int[].class, float[].class, short[].class,
        char[].class, byte[].class, boolean[].class, Object[].class};
    private static final int KINDS = ARRAYS.length;

    /** The VM's array geometry, where its internal Unsafe answers (else the 16-byte header of compressed pointers). */
    static ArrayChunks of(int chunkBytes) {
        if (chunkBytes == 0) { // one word per array: the geometry is never asked
            return new ArrayChunks(0, c -> -1, c -> -1);
        }
        return new ArrayChunks(chunkBytes, InternalUnsafe::arrayBase, InternalUnsafe::arrayScale);
    }

    /** With the VM's answers {@code base} and {@code scale} per array class (-1 where it has none). */
    ArrayChunks(int chunkBytes, ToIntFunction<Class<?>> base,
            ToIntFunction<Class<?>> scale) {
        if (chunkBytes != 0 && Integer.bitCount(chunkBytes) != 1) {
            throw new IllegalArgumentException("chunk size must be 0 or a power of two: " + chunkBytes);
        }
        this.chunkBytes = chunkBytes;
        for (int k = 0; k < KINDS; k++) {
            Class<?> component = ARRAYS[k].getComponentType();
            int s = scale.applyAsInt(ARRAYS[k]);
            int b = base.applyAsInt(ARRAYS[k]);
            scales[k] = s > 0 ? s : ObjectSizes.elementBytes(component);
            bases[k] = b > 0 && b % scales[k] == 0 ? b : 16;
        }
    }

    /**
     * log2 of the elements per chunk for an array of this class and length, or -1 when it gets a single word (the
     * flag is 0, or the whole array, header included, fits in the first chunk).
     */
    int shift(Class<?> type, int length) {
        if (chunkBytes == 0 || !type.isArray()) {
            return -1;
        }
        int k = kind(type.getComponentType());
        if ((long) bases[k] + (long) length * scales[k] <= chunkBytes) {
            return -1;
        }
        return Integer.numberOfTrailingZeros(Math.max(1, chunkBytes / scales[k]));
    }

    /**
     * Chunks on either side of a chunk that can hold words of one of its cache lines, wherever the array starts: one
     * from 64 bytes up (a line moved by up to 56 bytes reaches into the next chunk only), more for smaller chunks.
     */
    int neighbours() {
        return chunkBytes >= LINE ? 1 : LINE / Math.max(1, chunkBytes);
    }

    /** The header counted in elements: what is added to an index before the shift. */
    int lead(Class<?> type) {
        if (!type.isArray()) {
            return 0;
        }
        int k = kind(type.getComponentType());
        return bases[k] / scales[k];
    }

    private static int kind(Class<?> component) {
        return component == long.class ? 0 : component == double.class ? 1 : component == int.class ? 2
                : component == float.class ? 3 : component == short.class ? 4 : component == char.class ? 5
                : component == byte.class ? 6 : component == boolean.class ? 7 : 8;
    }
}
