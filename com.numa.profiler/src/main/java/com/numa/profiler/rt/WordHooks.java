package com.numa.profiler.rt;

/**
 * Sampled mode's hooks for field accesses and for objects made with {@code new}: they read and write the object's
 * injected header word in the application's own compiled code and hand the sink the word, never the object. An object
 * passed to a call the JIT does not inline escapes, so C2 can no longer keep it out of the heap (scalar replacement);
 * on the corpus that was most of sampled mode's cost (passing no object at all measured 1.23× against 1.50×).
 *
 * <p>The word's offset comes from a table indexed by a constant the instrumentation gives each hook: an owner id (the
 * class that names the field, per class loader) for accesses, the allocation site for allocations. An entry is 0 until
 * its first use looks the offset up (passing the object, once), -1 when the class has no word (the object is then
 * passed as by {@link Hooks}), else the offset. Entries are set once and marked {@link Constant}: in methods compiled
 * after that, the JIT folds the entry, so the sampled path is a load and a store at a constant offset, which escape
 * analysis sees through.
 *
 * <p>Only the sampled path's pieces of at most 35 bytes are forced inline ({@link Inline}), for C2; C1, which has no
 * escape analysis, is told to call the sampled path instead (a compiler directive, com.numa.profiler.instrument.TransformerJit):
 * forcing larger hooks into every access and allocation doubled lusearch's C1 time, and its CPU with it. The
 * allocation hook is not forced: C2 inlines it where it runs often, i.e. in the hot code whose objects it could keep
 * out of the heap.
 *
 * <p>An allocation writes the word (owner thread, home node, site) that one call without the object returns, from the
 * owner bits the thread's countdown slot caches; that call also counts one object in N (the slot's own countdown).
 * Objects that need no word (a JDK class whose fields no hook reaches) are counted the same way, and only counted.
 */
public final class WordHooks {
    private static final int PAGE_BITS = 10;
    private static final int PAGE = 1 << PAGE_BITS;
    /** Owner ids and site ids below this get word hooks; the instrumentation gives the others Hooks' own. */
    public static final int CAPACITY = PAGE * PAGE;
    /** Or'ed with the kind of a sampled access by the InSlot hooks: the countdown they restart is the slot's own. */
    private static final int IN_SLOT = 2;
    /** Site bits of the word (see com.numa.profiler.tracking.OwnerWords). */
    private static final long SITE_BITS = 0xFFFFFL << 20;
    /**
     * Per countdown slot (at {@code slot / 2}: 128 bytes apart), the owner bits of the thread that last used it, in
     * the low half, and the low half of its id in the high half: one store, so that two threads whose ids share the
     * slot never take each other's bits.
     */
    private static final long[] THREAD_BITS = new long[Hooks.SLOTS * 16];
    @Constant
    private static final int[][] OWNER_WORD_AT = new int[PAGE][];
    @Constant
    private static final int[][] SITE_WORD_AT = new int[PAGE][];

    private WordHooks() {
    }

    public static int readOwnedSampled(Object o, int ownerId, int countdown) {
        if (countdown > 1) {
            return countdown - 1;
        }
        sampled(Hooks.READ, o, ownerId);
        return restarted();
    }

    public static int writeOwnedSampled(Object o, int ownerId, int countdown) {
        if (countdown > 1) {
            return countdown - 1;
        }
        sampled(Hooks.WRITE, o, ownerId);
        return restarted();
    }

    public static void readOwnedInSlot(Object o, int ownerId) {
        inSlot(Hooks.READ | IN_SLOT, o, ownerId);
    }

    public static void writeOwnedInSlot(Object o, int ownerId) {
        inSlot(Hooks.WRITE | IN_SLOT, o, ownerId);
    }

    private static void inSlot(int how, Object o, int ownerId) {
        int s = Hooks.slot();
        int c = Hooks.COUNTDOWN[s];
        if (c > 1) {
            Hooks.COUNTDOWN[s] = c - 1;
        } else {
            sampled(how, o, ownerId);
        }
    }

    /*
     * The sampled path is split into methods of at most 35 bytes of bytecode, forced inline: C2 inlines a larger one
     * only where the profile calls it often, and a sampled path runs one access in N (JDK 17 left an 88-byte one out
     * of cold call sites, JDK 25 even small ones, out of a hot loop whose boxes then escaped into them).
     */

    /**
     * The sampled access of a block: the word updated in place, or the object passed when its offset is not known here.
     * Either way the countdown restarts: in the slot itself ({@link #IN_SLOT}), else where {@link #restarted} reads it.
     * {@code how}: the kind of access (Hooks.READ or WRITE), or'ed with IN_SLOT.
     */
    @Inline
    private static void sampled(int how, Object o, int ownerId) {
        int at = entry(OWNER_WORD_AT, ownerId);
        if (at > 0 && o != null) {
            update(how, o, at);
        } else {
            byObject(how, o, ownerId);
        }
    }

    @Inline
    private static void update(int how, Object o, int at) {
        long w = RawAccess.wordAt(o, at);
        long n = sampledWord(how, w);
        if (n != w) { // a read that changes nothing leaves a shared object's cache line alone
            RawAccess.setWordAt(o, at, n);
        }
    }

    /** The countdown the calling thread's last sampled access restarted, for a method's local. */
    @Inline
    private static int restarted() {
        return Hooks.COUNTDOWN[Hooks.slot() + Hooks.RESTARTED];
    }

    /** Restarts the countdown and passes the word on: the sink returns it updated. */
    @OutOfLine
    private static long sampledWord(int how, long word) {
        restart(how);
        AccessSink k = Hooks.sink;
        return Hooks.active && k != null ? k.accessedWord(word, (how & ~IN_SLOT) == Hooks.WRITE) : word;
    }

    private static void restart(int how) {
        int s = Hooks.slot();
        Hooks.COUNTDOWN[(how & IN_SLOT) != 0 ? s : s + Hooks.RESTARTED] = Hooks.restart(s);
    }

    /** The sampled access of an object whose class's word offset is not known here: looked up once, or none. */
    @OutOfLine
    private static void byObject(int how, Object o, int ownerId) {
        AccessSink k = Hooks.sink;
        if (o != null && k != null && entry(OWNER_WORD_AT, ownerId) == 0) {
            set(OWNER_WORD_AT, ownerId, k.ownerWordOffset(ownerId, o));
        }
        restart(how);
        Hooks.passOn(how & ~IN_SLOT, o, 0);
    }

    /**
     * After {@code new} and the constructor: the word written, and one object in N counted. Small, so that C2 inlines it
     * into every hot allocation site without eating the budget it inlines the application's own methods with (the
     * thread's owner bits and the count are one call that takes no object).
     */
    public static void allocatedOwned(Object o, int siteId) {
        int at = entry(SITE_WORD_AT, siteId);
        if (at > 0) {
            long w = RawAccess.wordAt(o, at);
            RawAccess.setWordAt(o, at, w != 0 ? w & ~SITE_BITS | (long) siteId << 20 : ownerWord(siteId));
        } else if (at == AccessSink.COUNT_ONLY) {
            counted(siteId);
        } else if (at < 0) {
            Hooks.allocated(o, siteId);
        } else {
            allocatedByObject(o, siteId);
        }
    }

    /**
     * An object made at a site that needs no owner ({@link AccessSink#COUNT_ONLY}: new StringBuilder(), new ArrayList()
     * in the application's code): one in each block of N the thread makes is counted, weighing N. The object is not
     * passed, so escape analysis may keep it out of the heap, and lock elision a StringBuffer's locks out of its code.
     */
    private static void counted(int siteId) {
        int s = Hooks.slot() + Hooks.OBJECTS_MADE;
        int c = Hooks.COUNTDOWN[s];
        if (c > 1) {
            Hooks.COUNTDOWN[s] = c - 1;
        } else {
            sampledCount(s, siteId);
        }
    }

    @OutOfLine
    private static void sampledCount(int s, int siteId) {
        int n = Hooks.sampling;
        Hooks.COUNTDOWN[s] = Hooks.restart(s);
        AccessSink k = Hooks.sink;
        if (k != null && Hooks.active) {
            k.objectMade(siteId, n);
        }
    }

    /**
     * The word of an object the calling thread just made at {@code siteId} (0 while its owner bits are unknown), and
     * one object in N counted.
     */
    @OutOfLine
    private static long ownerWord(int siteId) {
        long tid = RawAccess.threadId(Thread.currentThread());
        int s = Hooks.slotOf(tid);
        long cached = THREAD_BITS[s >>> 1];
        int bits = (int) (cached >>> 32) == (int) tid ? (int) cached : threadBits(s, tid);
        int n = Hooks.sampling;
        if (Hooks.sampledStep(Hooks.COUNTDOWN, s + Hooks.OBJECTS_MADE, n)) {
            objectMade(s, tid, siteId, n);
        }
        return bits == 0 ? 0 : (bits & 0xFFFFFL) | (long) (bits >>> 20) << 40 | (long) siteId << 20;
    }

    /** The first objects of a site: its word offset looked up, the object passed on. */
    @OutOfLine
    private static void allocatedByObject(Object o, int siteId) {
        AccessSink k = Hooks.sink;
        if (o != null && k != null && entry(SITE_WORD_AT, siteId) == 0) {
            set(SITE_WORD_AT, siteId, k.siteWordOffset(siteId, o));
        }
        Hooks.allocated(o, siteId);
    }

    /**
     * The owner bits of the calling thread (owner key in bits 0-19, home node + 1 from bit 20; 0 while the sink cannot
     * tell, and for the profiler's own threads), cached in its slot with its id.
     */
    private static int threadBits(int s, long tid) {
        AccessSink k = Hooks.sink;
        if (k == null) {
            return 0;
        }
        int bits = k.threadBits();
        if (bits != 0) { // 0 also while the thread's state is being made: asked again next time
            THREAD_BITS[s >>> 1] = tid << 32 | bits & 0xFFFF_FFFFL;
        }
        return bits;
    }

    /** The sampled object of a block of N made: counted as N, and the thread's owner bits refreshed (its node). */
    private static void objectMade(int s, long tid, int siteId, int n) {
        AccessSink k = Hooks.sink;
        if (k != null) {
            threadBits(s, tid);
            if (Hooks.active) {
                k.objectMade(siteId, n);
            }
        }
    }

    @Inline
    private static int entry(int[][] table, int id) {
        int[] page = table[id >>> PAGE_BITS];
        return page == null ? 0 : page[id & (PAGE - 1)];
    }

    /** Sets an entry once: the value for an id never changes, so racing threads write the same one. */
    private static synchronized void set(int[][] table, int id, int at) {
        if (at == 0) {
            return;
        }
        int[] page = table[id >>> PAGE_BITS];
        if (page == null) {
            page = new int[PAGE];
            table[id >>> PAGE_BITS] = page;
        }
        page[id & (PAGE - 1)] = at;
    }
}
