package com.numa.profiler.tracking;

import java.lang.ref.WeakReference;
import java.lang.reflect.Array;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Owner words of objects that cannot carry the injected field: arrays, and instances of classes loaded before the
 * agent (retransformation cannot add fields). An array larger than one chunk has one word per chunk of
 * {@code chunkBytes} ({@link ArrayChunks}: by default the cache lines the sharing diagnosis sees): threads share memory
 * per cache line, not per object, and one word for an array would count threads writing disjoint lines of it as
 * sharing it, and make them fight over that word's cache line.
 *
 * <p>Keyed by identity, holding objects only weakly, and bounded: when a stripe is full even after dropping collected
 * entries, new objects are refused (counted) rather than the table growing. Lookups take no lock; inserts lock one
 * stripe. Entries are never removed in place, only by rebuilding a stripe, so a concurrent lookup on the old array
 * stays correct.
 */
public final class SideTable {
    public static final class Entry extends WeakReference<Object> {
        final int hash;
        /** The word of the whole object, or of an array's first chunk. */
        public long word;
        /** log2 of the elements per chunk, or -1 when the object has one word. */
        final int chunkShift;
        /** The array's header counted in elements: element i lies in chunk (lead + i) >> chunkShift. */
        final int lead;
        /** Elements of the array; 1 for other objects (all their fields are element 0). */
        final int length;
        /** The word at allocation, which the other chunks start from. */
        private final long initialWord;
        /** Words of chunks 1..n-1 (index 0 unused), made on the first access past the first chunk. */
        private volatile long[] chunks;

        Entry(Object referent, int hash, long word, int chunkShift, int lead, int length) {
            super(referent);
            this.hash = hash;
            this.word = word;
            this.initialWord = word;
            this.chunkShift = chunkShift;
            this.lead = lead;
            this.length = length;
        }

        /**
         * A marker for the threads' caches, never in the table: the table has no entry for {@code array} and will not
         * have one (without sampling an array gets its entry at allocation or never), so the access counts as of
         * unknown owner without searching the table again.
         */
        static Entry absent(Object array) {
            return new Entry(array, 0, 0, -1, 0, -1);
        }

        boolean absent() {
            return length < 0;
        }

        /** The chunk holding element {@code index}: 0 for unchunked objects, -1 when out of bounds. */
        int chunkOf(int index) {
            if (index < 0 || index >= length) {
                return -1;
            }
            return chunkShift < 0 ? 0 : (lead + index) >>> chunkShift;
        }

        /** The words of chunks past the first, created on first use. */
        long[] chunkWords() {
            long[] c = chunks;
            if (c == null) {
                synchronized (this) {
                    c = chunks;
                    if (c == null) {
                        c = new long[((lead + length - 1) >>> chunkShift) + 1];
                        for (int i = 1; i < c.length; i++) {
                            c[i] = initialWord;
                        }
                        chunks = c;
                    }
                }
            }
            return c;
        }
    }

    private static final int STRIPES = 64;
    private final Stripe[] stripes = new Stripe[STRIPES];
    private final int stripeCapacity;
    private final AtomicLong refused = new AtomicLong();
    private final ArrayChunks chunks;

    /** False when only reference accesses are hooked: nothing would ever look a primitive array up. */
    private final boolean primitiveArrays;

    /** {@code chunkBytes}: bytes of an array per owner word (a power of two), or 0 for one word per array. */
    public SideTable(int capacity, int chunkBytes, boolean primitiveArrays) {
        this(capacity, ArrayChunks.of(chunkBytes), primitiveArrays);
    }

    SideTable(int capacity, ArrayChunks chunks, boolean primitiveArrays) {
        this.chunks = chunks;
        this.primitiveArrays = primitiveArrays;
        this.stripeCapacity = Math.max(16, Integer.highestOneBit(Math.max(1, capacity / STRIPES)));
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The entry of {@code o}, or null when the table does not know it. */
    public Entry lookup(Object o) {
        return lookup(o, System.identityHashCode(o));
    }

    /** As {@link #lookup(Object)}, given {@code System.identityHashCode(o)}. */
    Entry lookup(Object o, int identityHash) {
        int h = mix(identityHash);
        return stripes[h & (STRIPES - 1)].find(o, h);
    }

    /** Whether objects like {@code o} are tracked at all (primitive arrays are not when their accesses are not hooked). */
    boolean tracks(Object o) {
        Class<?> c = o.getClass();
        return primitiveArrays || !c.isArray() || !c.getComponentType().isPrimitive();
    }

    /**
     * Tracks {@code o}, which the table cannot know yet (it was just allocated), with {@code word}; false when the table
     * is full. Saves {@link #put}'s search, a probe of entries that are mostly other objects' (cache misses).
     */
    boolean putNew(Object o, long word) {
        int h = mix(System.identityHashCode(o));
        Class<?> c = o.getClass();
        int length = c.isArray() ? Array.getLength(o) : 1;
        if (!stripes[h & (STRIPES - 1)].insert(entry(o, h, word, c, length), stripeCapacity)) {
            refused.incrementAndGet();
            return false;
        }
        return true;
    }

    /**
     * The entry of {@code o}, made with {@code word} unless the table (or a racing thread) already has one; null when the
     * table is full. {@code identityHash} is {@code System.identityHashCode(o)}. An entry with word 0 stands for an
     * object of unknown owner: it only saves the next lookup the search that found nothing (see DeferredTags).
     */
    Entry putIfAbsent(Object o, int identityHash, long word) {
        int h = mix(identityHash);
        Class<?> c = o.getClass();
        int length = c.isArray() ? Array.getLength(o) : 1;
        int shift = chunks.shift(c, length);
        Entry e = stripes[h & (STRIPES - 1)].insertIfAbsent(o, h, word, shift, shift < 0 ? 0 : chunks.lead(c), length,
                stripeCapacity);
        if (e == null && word != 0) {
            refused.incrementAndGet();
        }
        return e;
    }

    /** Tracks {@code o} with {@code word} (or updates its word); false when the table is full. */
    public boolean put(Object o, long word) {
        int h = mix(System.identityHashCode(o));
        Stripe stripe = stripes[h & (STRIPES - 1)];
        Entry known = stripe.find(o, h);
        if (known != null) {
            known.word = word;
            return true;
        }
        Class<?> c = o.getClass();
        int length = c.isArray() ? Array.getLength(o) : 1;
        if (!stripe.insert(entry(o, h, word, c, length), stripeCapacity)) {
            refused.incrementAndGet();
            return false;
        }
        return true;
    }

    private Entry entry(Object o, int h, long word, Class<?> c, int length) {
        int shift = chunks.shift(c, length);
        return new Entry(o, h, word, shift, shift < 0 ? 0 : chunks.lead(c), length);
    }

    /** Chunks on either side of an array's chunk that can share a cache line with it (see {@link ArrayChunks}). */
    int neighbourChunks() {
        return chunks.neighbours();
    }

    /** log2 of the elements per chunk for an array of this class and length, or -1 when it gets a single word. */
    int chunkShift(Class<?> type, int length) {
        return chunks.shift(type, length);
    }

    /** Objects not tracked because the table was full. */
    public long refused() {
        return refused.get();
    }

    public int size() {
        int n = 0;
        for (Stripe s : stripes) {
            n += s.size;
        }
        return n;
    }

    private static final class Stripe {
        volatile Entry[] table = new Entry[16];
        int size;
        /** Refusals left before the next rebuild attempt: a full stripe of live objects must not rescan per insert. */
        int backoff;

        /** The entry of {@code o}, whose mixed hash is {@code h}, or null. */
        Entry find(Object o, int h) {
            Entry[] t = table;
            int mask = t.length - 1;
            for (int i = (h >>> 6) & mask, n = 0; n <= mask; i = (i + 1) & mask, n++) {
                Entry e = t[i];
                if (e == null) {
                    return null;
                }
                if (e.hash == h && e.refersTo(o)) { // refersTo: no keep-alive barrier, unlike get
                    return e;
                }
            }
            return null;
        }

        synchronized Entry insertIfAbsent(Object o, int h, long word, int chunkShift, int lead, int length,
                int capacity) {
            Entry known = find(o, h);
            if (known != null) {
                return known;
            }
            Entry e = new Entry(o, h, word, chunkShift, lead, length);
            return insert(e, capacity) ? e : null;
        }

        synchronized boolean insert(Entry e, int capacity) {
            if ((size + 1) * 2 > table.length) { // load factor 1/2 keeps misses (untracked objects) short
                if (backoff > 0) {
                    backoff--;
                    return false;
                }
                rebuild(capacity);
                if ((size + 1) * 2 > table.length) {
                    backoff = table.length / 4;
                    return false;
                }
            }
            Entry[] t = table;
            int mask = t.length - 1;
            int i = (e.hash >>> 6) & mask;
            while (t[i] != null) {
                i = (i + 1) & mask;
            }
            t[i] = e;
            size++;
            return true;
        }

        /**
         * Drops collected entries and doubles the array while under capacity. One pass looks at each entry once (most
         * are separate objects out of cache, and most are dead: short-lived arrays), keeping the live ones and their
         * hashes; the new array is filled from those.
         */
        private void rebuild(int capacity) {
            Entry[] old = table;
            Entry[] live = new Entry[size];
            int[] hashes = new int[size];
            int n = 0;
            for (Entry e : old) {
                if (e != null && e.get() != null && n < live.length) {
                    hashes[n] = e.hash;
                    live[n++] = e;
                }
            }
            int len = old.length;
            while ((n + 1) * 2 > len && len < capacity * 2) {
                len *= 2;
            }
            Entry[] t = new Entry[len];
            int mask = len - 1;
            for (int k = 0; k < n; k++) {
                int i = (hashes[k] >>> 6) & mask;
                while (t[i] != null) {
                    i = (i + 1) & mask;
                }
                t[i] = live[k];
            }
            size = n;
            table = t;
        }
    }
}
