package com.numa.gc.heap;

import java.util.Arrays;

/**
 * Object id to address, open addressing without boxing: the replayer looks an id up for every event, and the map is
 * rebuilt from the to-space after each collection (so it needs no removal).
 */
final class LongLongMap {
    private long[] keys = new long[1 << 12];
    private long[] values = new long[1 << 12];
    private int size;

    /** Maps a positive key; replaces an existing mapping. */
    void put(long key, long value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == 0) {
                keys[i] = key;
                values[i] = value;
                size++;
                return;
            }
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
        }
    }

    /** The value of {@code key}, or 0 when absent. */
    long get(long key) {
        int mask = keys.length - 1;
        for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == 0) {
                return 0;
            }
        }
    }

    int size() {
        return size;
    }

    void clear() {
        Arrays.fill(keys, 0);
        size = 0;
    }

    private void grow() {
        long[] k = keys;
        long[] v = values;
        keys = new long[k.length * 2];
        values = new long[k.length * 2];
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != 0) {
                put(k[i], v[i]);
            }
        }
    }

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
