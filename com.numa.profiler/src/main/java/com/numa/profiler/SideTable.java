package com.numa.profiler;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Owner words of objects that cannot carry the injected field: arrays, and instances of classes loaded before the
 * agent (retransformation cannot add fields). Keyed by identity, holding objects only weakly, and bounded: when a stripe
 * is full even after dropping collected entries, new objects are refused (counted) rather than the table growing.
 * Lookups take no lock; inserts lock one stripe. Entries are never removed in place, only by rebuilding a stripe, so
 * a concurrent lookup on the old array stays correct.
 */
final class SideTable {
    static final class Entry extends WeakReference<Object> {
        final int hash;
        long word;

        Entry(Object referent, int hash, long word) {
            super(referent);
            this.hash = hash;
            this.word = word;
        }
    }

    private static final int STRIPES = 64;
    private final Stripe[] stripes = new Stripe[STRIPES];
    private final int stripeCapacity;
    private final AtomicLong refused = new AtomicLong();

    SideTable(int capacity) {
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
    Entry lookup(Object o) {
        int h = mix(System.identityHashCode(o));
        Entry[] t = stripes[h & (STRIPES - 1)].table;
        int mask = t.length - 1;
        for (int i = (h >>> 6) & mask, n = 0; n <= mask; i = (i + 1) & mask, n++) {
            Entry e = t[i];
            if (e == null) {
                return null;
            }
            if (e.hash == h && e.get() == o) {
                return e;
            }
        }
        return null;
    }

    /** Tracks {@code o} with {@code word} (or updates its word); false when the table is full. */
    boolean put(Object o, long word) {
        Entry known = lookup(o);
        if (known != null) {
            known.word = word;
            return true;
        }
        int h = mix(System.identityHashCode(o));
        if (!stripes[h & (STRIPES - 1)].insert(new Entry(o, h, word), stripeCapacity)) {
            refused.incrementAndGet();
            return false;
        }
        return true;
    }

    /** Objects not tracked because the table was full. */
    long refused() {
        return refused.get();
    }

    int size() {
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

        /** Drops collected entries and doubles the array while under capacity. */
        private void rebuild(int capacity) {
            Entry[] old = table;
            int live = 0;
            for (Entry e : old) {
                if (e != null && e.get() != null) {
                    live++;
                }
            }
            int len = old.length;
            while ((live + 1) * 2 > len && len < capacity * 2) {
                len *= 2;
            }
            Entry[] t = new Entry[len];
            int mask = len - 1;
            for (Entry e : old) {
                if (e != null && e.get() != null) {
                    int i = (e.hash >>> 6) & mask;
                    while (t[i] != null) {
                        i = (i + 1) & mask;
                    }
                    t[i] = e;
                }
            }
            size = live;
            table = t;
        }
    }
}
