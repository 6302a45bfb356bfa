package com.numa.profiler;

/**
 * Sampled mode: the owner words of arrays one thread allocated, held until a sampled access first meets the array,
 * which then gets its side-table entry with that word (allocator, site, home node). Most arrays are short-lived and
 * never met by one access in N, so they never cost an entry: a weak reference, a stripe's lock, and the collector's work
 * on an old table pointing at young entries (in h2 this work was most of the side table's cost).
 *
 * <p>Keyed by identity hash and length, holding no reference, so it costs the collector nothing. Two generations of
 * open-addressed tables: when the young one is half full it becomes the old one and the old one is dropped, so a
 * thread's last {@code capacity / 2} to {@code capacity} deferred allocations are remembered. An array first met by a
 * sampled access after that counts as of unknown owner, as arrays made by uninstrumented code do. Only the owning
 * thread writes; other threads read racily (a race costs one tag, never an exception: each generation is immutable in
 * shape and published through a volatile field).
 */
final class DeferredTags {
    private static final int FIRST_CAPACITY = 256;

    private static final class Generation {
        /** (1 << 63) | (hash << 32) | length, 0 = free. */
        final long[] keys;
        final long[] words;
        int size;

        Generation(int capacity) {
            keys = new long[capacity];
            words = new long[capacity];
        }
    }

    private final int maxCapacity;
    private volatile Generation young;
    private volatile Generation old;
    /** Tags dropped with an old generation (their arrays may be dead or alive; no one can tell without a reference). */
    private long dropped;

    /** {@code maxCapacity}: slots of a generation at most (a power of two). */
    DeferredTags(int maxCapacity) {
        if (Integer.bitCount(maxCapacity) != 1 || maxCapacity < 16) {
            throw new IllegalArgumentException("capacity must be a power of two from 16: " + maxCapacity);
        }
        this.maxCapacity = maxCapacity;
        this.young = new Generation(Math.min(FIRST_CAPACITY, maxCapacity));
    }

    private static long key(int identityHash, int length) {
        return Long.MIN_VALUE | ((long) (identityHash & 0x7FFFFFFF) << 32) | (length & 0xFFFFFFFFL);
    }

    private static int slot(int identityHash, int mask) {
        int h = identityHash * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    /** Remembers {@code word} for a new array; called by the allocating thread only. */
    void put(int identityHash, int length, long word) {
        Generation g = young;
        if ((g.size + 1) * 2 > g.keys.length) {
            g = g.keys.length < maxCapacity ? grown(g) : retire(g);
        }
        long k = key(identityHash, length);
        long[] keys = g.keys;
        int mask = keys.length - 1;
        int i = slot(identityHash, mask);
        while (keys[i] != 0) {
            i = (i + 1) & mask;
        }
        g.words[i] = word; // before the key: a racing reader that sees the key sees the word on x86
        keys[i] = k;
        g.size++;
    }

    private Generation grown(Generation g) {
        Generation n = new Generation(g.keys.length * 2);
        int mask = n.keys.length - 1;
        for (int j = 0; j < g.keys.length; j++) {
            long k = g.keys[j];
            if (k != 0) {
                int i = slot((int) (k >>> 32), mask);
                while (n.keys[i] != 0) {
                    i = (i + 1) & mask;
                }
                n.words[i] = g.words[j];
                n.keys[i] = k;
            }
        }
        n.size = g.size;
        young = n;
        return n;
    }

    private Generation retire(Generation g) {
        Generation before = old;
        if (before != null) {
            dropped += before.size;
        }
        old = g;
        Generation n = new Generation(g.keys.length);
        young = n;
        return n;
    }

    /** The word remembered for the array of this identity hash and length, or 0. */
    long find(int identityHash, int length) {
        long k = key(identityHash, length);
        long w = find(young, identityHash, k);
        if (w == 0) {
            Generation o = old;
            if (o != null) {
                w = find(o, identityHash, k);
            }
        }
        return w;
    }

    private static long find(Generation g, int identityHash, long k) {
        long[] keys = g.keys;
        int mask = keys.length - 1;
        for (int i = slot(identityHash, mask), n = 0; n <= mask; i = (i + 1) & mask, n++) {
            long at = keys[i];
            if (at == 0) {
                return 0;
            }
            if (at == k) {
                return g.words[i];
            }
        }
        return 0;
    }

    /** Tags remembered now (both generations). */
    int size() {
        Generation o = old;
        return young.size + (o == null ? 0 : o.size);
    }

    /** Tags forgotten so far because a newer generation filled up. */
    long dropped() {
        return dropped;
    }
}
