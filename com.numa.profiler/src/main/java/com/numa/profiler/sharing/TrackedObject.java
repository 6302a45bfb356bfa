package com.numa.profiler.sharing;

import java.lang.ref.WeakReference;

/**
 * Word-level state of one write-shared object (or array), after NumaPerf's cache-line model (Section 3.2.3, Predator's
 * rule adapted): a write to a line that other threads have loaded invalidates each of their copies. Per line: which
 * threads hold a copy (a bit per thread). Per word (a field, or an array element): which threads accessed it since its
 * last write, which ever read and wrote it, its writes, and the invalidations its writes caused, split into
 * <b>true</b> (the invalidated thread had accessed this very word since its last write) and <b>false</b> (it held the
 * line for other words only), with the threads invalidated each way. The order of the accesses is what separates them: a write between two reads of another
 * word of the line costs an invalidation; writes and reads that never interleave cost none.
 *
 * <p><b>Which line a word is in</b> depends on where the collector put the object: HotSpot aligns objects to 8 bytes,
 * not 64, so a word at offset {@code o} is in line {@code (o + 8a) / 64} for one of {@value #PLACEMENTS} placements
 * {@code a}. Every placement is followed at once (a line mask per placement and line) and the counts are their mean, so
 * two fields 8 bytes apart count as sharing a line in 7 placements of 8, fields 64 or more bytes apart never.
 *
 * <p>Updates are plain racy stores, like the owner words: a lost update blurs a count, never breaks the program. Threads
 * get one of 64 bits per object in the order they first touch it; from the 64th on they share the last bit.
 */
abstract class TrackedObject extends WeakReference<Object> {
    static final int PLACEMENTS = 8;
    static final int MAX_THREADS = 64;
    static final int SINCE = 0;
    static final int READERS = 1;
    static final int WRITERS = 2;
    static final int WRITES = 3;
    static final int FALSE_INV = 4;
    static final int TRUE_INV = 5;
    /** The threads whose copies this word's writes invalidated, falsely and truly. */
    static final int FALSE_VICTIMS = 6;
    static final int TRUE_VICTIMS = 7;
    static final int STRIDE = 8;

    final int hash;
    final int site;
    final int homeNode;
    final WordLayout layout;
    private final int[] keys = new int[MAX_THREADS];
    private final int[] nodes = new int[MAX_THREADS];
    private volatile int threadCount;
    /** Invalidations of copies held by threads on another node than the writer's, summed over the placements. */
    long remoteInvalidations;

    TrackedObject(Object referent, int hash, int site, int homeNode, WordLayout layout) {
        super(referent);
        this.hash = hash;
        this.site = site;
        this.homeNode = homeNode;
        this.layout = layout;
    }

    /** The page of word states holding word {@code w}, and where in it the word's {@link #STRIDE} longs start. */
    abstract long[] wordPage(int w);

    abstract int wordAt(int w);

    /**
     * The page of line masks holding {@code line} (of every placement), and the mask's index in it. The
     * {@value #PLACEMENTS} masks of one line are neighbours (64 bytes): every thread writes them at each access, so
     * spread over {@value #PLACEMENTS} cache lines they cost that many coherence misses per access instead of one or two.
     */
    abstract long[] linePage(int line);

    abstract int lineAt(int placement, int line);

    /** Words this object has (fields, or elements). */
    abstract int words();

    /** Word {@code w}'s state when its page exists, else null (nothing touched it). */
    abstract long[] wordPageIfAny(int w);

    /** This object's bit for thread {@code key}, which is on {@code node} now. */
    final int slot(int key, int node) {
        int n = threadCount;
        for (int i = 0; i < n; i++) {
            if (keys[i] == key) {
                if (nodes[i] != node) {
                    nodes[i] = node;
                }
                return i;
            }
        }
        return addThread(key, node);
    }

    private synchronized int addThread(int key, int node) {
        int n = threadCount;
        for (int i = 0; i < n; i++) {
            if (keys[i] == key) {
                return i;
            }
        }
        if (n == MAX_THREADS) {
            return MAX_THREADS - 1;
        }
        keys[n] = key;
        nodes[n] = node;
        threadCount = n + 1;
        return n;
    }

    /** The thread key behind {@code slot} (the first one, when more than 64 threads share the last bit). */
    final int key(int slot) {
        return keys[slot];
    }

    final int threads() {
        return threadCount;
    }

    /**
     * An access by the thread of {@code slot} to word {@code w}. A word's 8 placements fall in at most two lines: the
     * line of its offset for the first ones and the next line from placement {@code split} on.
     */
    final void access(int slot, int w, boolean write) {
        long bit = 1L << slot;
        long off = layout.offset(w);
        int lo = (int) (off >>> 6);
        int split = (int) ((64L * (lo + 1) - off + 7) >>> 3); // the first placement in line lo + 1
        long[] pageLo = linePage(lo);
        long[] pageHi = split < PLACEMENTS ? linePage(lo + 1) : pageLo;
        long[] wp = wordPage(w);
        int wi = wordAt(w);
        long since = wp[wi + SINCE];
        if (write) {
            wp[wi + WRITES]++;
            long writers = wp[wi + WRITERS];
            if ((writers & bit) == 0) {
                wp[wi + WRITERS] = writers | bit;
            }
            long falseInv = 0;
            long trueInv = 0;
            long falseVictims = 0;
            long trueVictims = 0;
            long remoteMask = 0;
            boolean remoteKnown = false;
            long remote = 0;
            for (int a = 0; a < PLACEMENTS; a++) {
                boolean low = a < split;
                long[] lp = low ? pageLo : pageHi;
                int li = lineAt(a, low ? lo : lo + 1);
                long m = lp[li];
                long holders = m & ~bit;
                if (holders != 0) {
                    trueInv += Long.bitCount(holders & since);
                    falseInv += Long.bitCount(holders & ~since);
                    trueVictims |= holders & since;
                    falseVictims |= holders & ~since;
                    if (!remoteKnown) {
                        remoteMask = otherNodes(slot);
                        remoteKnown = true;
                    }
                    remote += Long.bitCount(holders & remoteMask);
                }
                if (m != bit) {
                    lp[li] = bit;
                }
            }
            if (falseInv != 0) {
                wp[wi + FALSE_INV] += falseInv;
                long v = wp[wi + FALSE_VICTIMS];
                if ((v | falseVictims) != v) {
                    wp[wi + FALSE_VICTIMS] = v | falseVictims;
                }
            }
            if (trueInv != 0) {
                wp[wi + TRUE_INV] += trueInv;
                long v = wp[wi + TRUE_VICTIMS];
                if ((v | trueVictims) != v) {
                    wp[wi + TRUE_VICTIMS] = v | trueVictims;
                }
            }
            if (remote != 0) {
                remoteInvalidations += remote;
            }
            if (since != bit) {
                wp[wi + SINCE] = bit;
            }
        } else {
            long readers = wp[wi + READERS];
            if ((readers & bit) == 0) {
                wp[wi + READERS] = readers | bit;
            }
            if ((since & bit) == 0) {
                wp[wi + SINCE] = since | bit;
            }
            for (int a = 0; a < PLACEMENTS; a++) {
                boolean low = a < split;
                long[] lp = low ? pageLo : pageHi;
                int li = lineAt(a, low ? lo : lo + 1);
                long m = lp[li];
                if ((m & bit) == 0) {
                    lp[li] = m | bit;
                }
            }
        }
    }

    /** The threads last seen on another (known) node than the thread of {@code slot}. */
    private long otherNodes(int slot) {
        int mine = nodes[slot];
        long mask = 0;
        int n = threadCount;
        for (int i = 0; i < n; i++) {
            if (mine >= 0 && nodes[i] >= 0 && nodes[i] != mine) {
                mask |= 1L << i;
            }
        }
        return mask;
    }

    /** True when words at byte offsets {@code a} and {@code b} are in one line in at least one placement. */
    static boolean mayShareLine(long a, long b) {
        for (int p = 0; p < PLACEMENTS; p++) {
            if ((a + 8L * p) >>> 6 == (b + 8L * p) >>> 6) {
                return true;
            }
        }
        return false;
    }
}
