package com.numa.profiler.tracking;

/**
 * Sampled mode: the owner words of arrays one thread allocated, held until a sampled access first meets the array,
 * which then gets its side-table entry with that word (allocator, site, home node). Most arrays are short-lived and
 * never met by one access in N, so they never cost an entry: a weak reference, a stripe's lock, and the collector's work
 * on an old table pointing at young entries (in h2 this work was most of the side table's cost).
 *
 * <p>Keyed by identity hash and length, holding no reference, so it costs the collector nothing. A direct-mapped
 * {@code long[]}: a tag is stored into its slot whatever the slot held, without reading it first. Remembering is then
 * two stores, which the processor retires without waiting for the slot's cache line; a table of a few MB misses the
 * cache on nearly every tag, and the open-addressed table this replaced read the slot first and waited (about half of
 * the allocation hook's time in h2). The price: a newer tag that falls in the same slot replaces an older one, so of
 * the tags put W allocations before, about {@code exp(-W / slots)} are still held. The table starts small and doubles
 * each time the thread has put as many tags as it has slots, up to {@code maxCapacity}. An array first met by a
 * sampled access after its tag was replaced counts as of unknown owner, as arrays made by uninstrumented code do. Only
 * the owning thread writes; other threads read racily (a table is published through a volatile field and never changes
 * shape): a reader racing with the replacement of the slot it reads may miss a tag, or, at the rarest, give an array
 * the word of the newer one (one array's owner or site wrong), never an exception.
 *
 * <p>Memory is bounded twice over, since the tags live on the application's heap: all threads' tables together take
 * slots from one {@link Budget} (a table that cannot grow keeps its size), and the runtime forgets the tags of threads
 * that have ended ({@link #ownerEnded}), giving their slots back.
 */
final class DeferredTags {
    private static final int FIRST_CAPACITY = 256;
    /** Bytes of one slot (key and word). */
    static final int SLOT_BYTES = 16;

    /** Slots all threads' tables may hold together. */
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

        /** Takes {@code slots} even beyond what is free: a thread's first table is never refused. */
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

    private final int maxCapacity;
    private final Budget budget;
    /** The allocating thread, weakly: its tags are forgotten once it has ended. */
    private final java.lang.ref.WeakReference<Thread> owner;
    /** Per slot two longs: the key, (1 << 63) | (hash << 32) | length (0 = free), then the word. */
    private volatile long[] slots;
    /** Tags put since the table last grew, or last could not. */
    private int sinceGrowth;
    /** Tags put in all. */
    private long made;

    /**
     * {@code maxCapacity}: slots of the table at most (a power of two); the first table's slots are taken from
     * {@code budget} whatever it holds (a thread always has some), later growth only while it has them.
     */
    DeferredTags(int maxCapacity, Budget budget) {
        this.maxCapacity = checkedCapacity(maxCapacity);
        this.budget = budget;
        this.owner = new java.lang.ref.WeakReference<>(Thread.currentThread());
        this.slots = new long[2 * Math.min(FIRST_CAPACITY, maxCapacity)];
        budget.spend(capacity());
    }

    /** {@code capacity} if it can be a table's most slots (a power of two from 16), else IllegalArgumentException. */
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

    /** Gives every slot back to the budget and returns how many tags were put: all are gone now. */
    long release() {
        budget.give(capacity());
        return made;
    }

    /** Slots of the table now. */
    int capacity() {
        return slots.length >>> 1;
    }

    private static long key(int identityHash, int length) {
        return Long.MIN_VALUE | ((long) (identityHash & 0x7FFFFFFF) << 32) | (length & 0xFFFFFFFFL);
    }

    /** The slot of {@code identityHash} in a table of {@code mask + 1} slots (by the 31 bits the key keeps of it). */
    static int slot(int identityHash, int mask) {
        int h = (identityHash & 0x7FFFFFFF) * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    /** Remembers {@code word} for a new array, in place of any tag in its slot; called by the allocating thread only. */
    void put(int identityHash, int length, long word) {
        long[] s = slots;
        int capacity = s.length >>> 1;
        if (++sinceGrowth > capacity) { // asks the shared budget once per table's worth of tags, not at every put
            sinceGrowth = 0;
            if (capacity < maxCapacity && budget.take(capacity)) {
                s = grown(s);
            }
        }
        int i = 2 * slot(identityHash, (s.length >>> 1) - 1);
        s[i + 1] = word; // before the key: a racing reader that sees the key sees the word on x86
        s[i] = key(identityHash, length);
        made++;
    }

    /** Twice the slots, the tags moved over: tags in distinct slots stay in distinct slots (one more bit of mask). */
    private long[] grown(long[] from) {
        long[] to = new long[from.length * 2];
        int mask = (to.length >>> 1) - 1;
        for (int j = 0; j < from.length; j += 2) {
            long k = from[j];
            if (k != 0) {
                int i = 2 * slot((int) (k >>> 32), mask); // the key's bit 63 falls outside the 31 bits
                to[i] = k;
                to[i + 1] = from[j + 1];
            }
        }
        slots = to;
        return to;
    }

    /** The word remembered for the array of this identity hash and length, or 0. */
    long find(int identityHash, int length) {
        long[] s = slots;
        int i = 2 * slot(identityHash, (s.length >>> 1) - 1);
        return s[i] == key(identityHash, length) ? s[i + 1] : 0;
    }

    /** Tags held now (a count over the whole table: for reports and tests, not for the hooks). */
    int size() {
        long[] s = slots;
        int n = 0;
        for (int j = 0; j < s.length; j += 2) {
            if (s[j] != 0) {
                n++;
            }
        }
        return n;
    }

    /** Tags replaced by newer ones in their slots so far. */
    long dropped() {
        return made - size();
    }
}
