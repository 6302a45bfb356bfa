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
 *
 * <p>Memory is bounded twice over, since the tags live on the application's heap: all threads' generations together
 * take slots from one {@link Budget} (a generation that cannot grow is recycled instead), and the runtime forgets the
 * tags of threads that have ended ({@link #ownerEnded}), giving their slots back.
 */
final class DeferredTags {
    private static final int FIRST_CAPACITY = 256;
    /** Bytes of one slot (key and word). */
    static final int SLOT_BYTES = 16;

    /** Slots all threads' generations may hold together. */
    static final class Budget {
        private final java.util.concurrent.atomic.AtomicLong free;

        Budget(long slots) {
            free = new java.util.concurrent.atomic.AtomicLong(slots);
        }

        /** One sixty-fourth of the heap the application may grow to. */
        static Budget ofHeap() {
            return new Budget(Runtime.getRuntime().maxMemory() / 64 / SLOT_BYTES);
        }

        boolean take(long slots) {
            long f;
            do {
                f = free.get();
                if (f < slots) {
                    return false;
                }
            } while (!free.compareAndSet(f, f - slots));
            return true;
        }

        /** Takes {@code slots} even beyond what is free: a thread's first generation is never refused. */
        void spend(long slots) {
            free.addAndGet(-slots);
        }

        void give(long slots) {
            free.addAndGet(slots);
        }

        long free() {
            return free.get();
        }
    }

    private static final class Generation {
        /** Per slot two longs: the key, (1 << 63) | (hash << 32) | length (0 = free), then the word. */
        final long[] slots;
        int size;

        Generation(int capacity) {
            slots = new long[capacity * 2];
        }

        int capacity() {
            return slots.length >>> 1;
        }
    }

    private final int maxCapacity;
    private final Budget budget;
    /** The allocating thread, weakly: its tags are forgotten once it has ended. */
    private final java.lang.ref.WeakReference<Thread> owner;
    private volatile Generation young;
    private volatile Generation old;
    /** Tags dropped with an old generation (their arrays may be dead or alive; no one can tell without a reference). */
    private long dropped;

    /**
     * {@code maxCapacity}: slots of a generation at most (a power of two); the first generation's slots are taken
     * from {@code budget} whatever it holds (a thread always has some), later growth only while it has them.
     */
    DeferredTags(int maxCapacity, Budget budget) {
        this.maxCapacity = checkedCapacity(maxCapacity);
        this.budget = budget;
        this.owner = new java.lang.ref.WeakReference<>(Thread.currentThread());
        this.young = new Generation(Math.min(FIRST_CAPACITY, maxCapacity));
        budget.spend(young.capacity());
    }

    /** {@code capacity} if it can be a generation's most slots (a power of two from 16), else IllegalArgumentException. */
    static int checkedCapacity(int capacity) {
        if (Integer.bitCount(capacity) != 1 || capacity < 16) {
            throw new IllegalArgumentException("capacity must be a power of two from 16: " + capacity);
        }
        return capacity;
    }

    /** True once the thread that made these tags has ended (or been collected). */
    boolean ownerEnded() {
        Thread t = owner.get();
        return t == null || !t.isAlive();
    }

    /** Gives every slot back to the budget; the tags are gone (the caller no longer searches them). */
    long release() {
        Generation o = old;
        long slots = young.capacity() + (o == null ? 0 : o.capacity());
        budget.give(slots);
        return size() + dropped;
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
        if ((g.size + 1) * 2 > g.capacity()) {
            g = g.capacity() < maxCapacity && budget.take(g.capacity()) ? grown(g) : retire(g);
        }
        insert(g.slots, key(identityHash, length), identityHash, word);
        g.size++;
    }

    private static void insert(long[] slots, long key, int identityHash, long word) {
        int mask = (slots.length >>> 1) - 1;
        int i = slot(identityHash, mask);
        while (slots[2 * i] != 0) {
            i = (i + 1) & mask;
        }
        slots[2 * i + 1] = word; // before the key: a racing reader that sees the key sees the word on x86
        slots[2 * i] = key;
    }

    private Generation grown(Generation g) {
        Generation n = new Generation(g.capacity() * 2);
        long[] from = g.slots;
        for (int j = 0; j < from.length; j += 2) {
            long k = from[j];
            if (k != 0) {
                insert(n.slots, k, (int) (k >>> 32), from[j + 1]);
            }
        }
        n.size = g.size;
        young = n;
        return n;
    }

    /**
     * The young generation becomes the old one; the old one's array is cleared and reused (a racing reader of it finds
     * fewer tags, nothing worse), so a full-sized thread allocates nothing more.
     */
    private Generation retire(Generation g) {
        Generation n = old;
        if (n == null && !budget.take(g.capacity())) {
            dropped += g.size; // no budget for a second generation: this one is cleared and starts again
            java.util.Arrays.fill(g.slots, 0L);
            g.size = 0;
            return g;
        }
        old = g;
        if (n == null) {
            n = new Generation(g.capacity());
        } else {
            dropped += n.size;
            java.util.Arrays.fill(n.slots, 0L);
            n.size = 0;
        }
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
        long[] slots = g.slots;
        int mask = (slots.length >>> 1) - 1;
        for (int i = slot(identityHash, mask), n = 0; n <= mask; i = (i + 1) & mask, n++) {
            long at = slots[2 * i];
            if (at == 0) {
                return 0;
            }
            if (at == k) {
                return slots[2 * i + 1];
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
