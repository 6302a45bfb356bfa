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
 * <p>The arrays worth a tag are the long-lived ones, and those come from sites a thread allocates from a few times (a
 * program's tables, a pool's queue), while the tags that replace them come from a few hot sites (string and builder
 * copies, collection growth: in a program that makes its data and then its threads, some 350 tags from three JDK sites
 * fell between the data's array and its first sampled access). So the first {@link #RARE_SITE_PUTS} tags of each
 * site (counted per thread in a small sketch by site) are also kept in a second direct-mapped table that only such tags
 * enter: a hot site cannot push out the data's tag, only another site's first arrays can.
 *
 * <p>Memory is bounded twice over, since the tags live on the application's heap: all threads' tables together take
 * slots from one {@link Budget} (a table that cannot grow keeps its size), and the runtime forgets the tags of threads
 * that have ended ({@link #ownerEnded}), giving their slots back.
 */
final class DeferredTags {
    /**
     * A long-lived array is usually met a few dozen allocations after its own (its threads start, then read it): at 256
     * slots about one such tag in six was replaced first, and the array lost its owner for good; at 1024 about one in
     * twenty-five (16 KB a thread, and {@link #RARE_BYTES} more for the rare sites' table and its sketch).
     */
    private static final int FIRST_CAPACITY = 1024;
    /** Slots of the table of rare sites' tags (fixed). */
    static final int RARE_SLOTS = 512;
    /** Tags of a site (per thread) that also go to the rare sites' table. */
    static final int RARE_SITE_PUTS = 4;
    /** Counters of the sketch of puts by site: a site sharing a counter with a hot one loses its protection. */
    private static final int SITE_COUNTERS = 4096;
    /** Bytes of one slot (key and word). */
    static final int SLOT_BYTES = 16;
    /** Bytes of the rare sites' table and its sketch (12 KB), taken from the budget with the first table. */
    static final int RARE_BYTES = RARE_SLOTS * SLOT_BYTES + SITE_COUNTERS;
    /** The same in the budget's unit, slots. */
    static final int RARE_BUDGET_SLOTS = RARE_BYTES / SLOT_BYTES;

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
    /** The tags of each site's first arrays (same layout as {@link #slots}); read racily like it. */
    private final long[] rare = new long[2 * RARE_SLOTS];
    /** Puts per site so far, saturating at {@link #RARE_SITE_PUTS}, by a hash of the site. */
    private final byte[] sitePuts = new byte[SITE_COUNTERS];
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
        budget.spend(capacity() + RARE_BUDGET_SLOTS);
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
        budget.give(capacity() + RARE_BUDGET_SLOTS);
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
        long key = key(identityHash, length);
        int i = 2 * slot(identityHash, (s.length >>> 1) - 1);
        s[i + 1] = word; // before the key: a racing reader that sees the key sees the word on x86
        s[i] = key;
        int c = slot(OwnerWords.site(word), SITE_COUNTERS - 1); // sites are 20 bits: the slot hash serves
        if (sitePuts[c] < RARE_SITE_PUTS) {
            sitePuts[c]++;
            int r = 2 * slot(identityHash, RARE_SLOTS - 1);
            rare[r + 1] = word;
            rare[r] = key;
        }
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
        long key = key(identityHash, length);
        int i = 2 * slot(identityHash, (s.length >>> 1) - 1);
        if (s[i] == key) {
            return s[i + 1];
        }
        int r = 2 * slot(identityHash, RARE_SLOTS - 1);
        return rare[r] == key ? rare[r + 1] : 0;
    }

    /** Tags held now, in either table (a count over both: for reports and tests, not for the hooks). */
    int size() {
        long[] s = slots;
        int mask = (s.length >>> 1) - 1;
        int n = 0;
        for (int j = 0; j < s.length; j += 2) {
            if (s[j] != 0) {
                n++;
            }
        }
        for (int j = 0; j < rare.length; j += 2) {
            long k = rare[j];
            if (k != 0 && s[2 * slot((int) (k >>> 32), mask)] != k) { // not counted in the main table already
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
