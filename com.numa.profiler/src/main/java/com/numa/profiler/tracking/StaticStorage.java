package com.numa.profiler.tracking;

import java.util.Arrays;

/** Owner words of classes' static storage (each class's statics count as one object), indexed by static-storage id. */
final class StaticStorage {
    private volatile long[] words = new long[256];

    long word(int id) {
        long[] w = words;
        return id < w.length ? w[id] : 0;
    }

    void setWord(int id, long word) {
        long[] w = words;
        if (id >= w.length) {
            w = grow(id);
        }
        w[id] = word;
    }

    private synchronized long[] grow(int id) {
        long[] w = words;
        if (id >= w.length) {
            w = words = Arrays.copyOf(w, Math.max(id + 1, w.length * 2));
        }
        return w;
    }
}
