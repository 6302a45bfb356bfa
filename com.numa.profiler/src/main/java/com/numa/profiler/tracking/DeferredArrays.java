package com.numa.profiler.tracking;

import java.util.concurrent.atomic.LongAdder;

/**
 * Sampled mode's arrays: they get their side-table entry when a sampled access first meets them, not at allocation;
 * until then each allocating thread remembers their tags in its DeferredTags. An array may be met first by a thread
 * other than its allocator, so every live thread's tags are searched.
 */
final class DeferredArrays {
    private final int perThread;
    /**
     * The deferred tags of every live thread (copy on write). Ended threads' tags are dropped when a new thread
     * registers, so the searches and the memory follow the live threads, not every thread the program ever started.
     */
    private volatile DeferredTags[] all = new DeferredTags[0];
    private final DeferredTags.Budget budget = DeferredTags.Budget.ofHeap();
    /** Tags forgotten with their ended threads. */
    private long released;
    /** Arrays that a sampled access met before any side-table entry: found among the deferred tags, or not. */
    private final LongAdder met = new LongAdder();
    private final LongAdder unknown = new LongAdder();

    /** Up to {@code perThread} slots (a power of two from 16) per thread, see DeferredTags. */
    DeferredArrays(int perThread) {
        this.perThread = DeferredTags.checkedCapacity(perThread);
    }

    /** A new array of {@code t}'s: no reference escaped yet, so no access can have met it. */
    void put(ProfiledThread t, Object array, long word) {
        own(t).put(System.identityHashCode(array), java.lang.reflect.Array.getLength(array), word);
    }

    /**
     * The first sampled access to array {@code o} that has no entry yet: its entry gets the tag its allocator deferred
     * (the allocating thread is looked at first, then the others), or word 0 (unknown owner: made by uninstrumented
     * code, or its tag was forgotten), which spares the next sampled access the search.
     */
    SideTable.Entry adopt(ProfiledThread t, Object o, int h, SideTable table) {
        int length = java.lang.reflect.Array.getLength(o);
        DeferredTags own = t.deferredTags;
        long word = own == null ? 0 : own.find(h, length);
        if (word == 0) {
            for (DeferredTags d : all) {
                if (d != own && (word = d.find(h, length)) != 0) {
                    break;
                }
            }
        }
        if (word == 0) {
            unknown.increment();
        } else {
            met.increment();
        }
        return table.putIfAbsent(o, h, word);
    }

    /** Forgets the arrays met so far (the warm-up's own probe). */
    void resetMet() {
        met.reset();
    }

    /** Arrays met by a sampled access before they had an entry: {tag found, tag not found (unknown owner)}. */
    long[] metAndUnknown() {
        return new long[] {met.sum(), unknown.sum()};
    }

    /** Deferred tags forgotten because their thread's generation filled up (whether the arrays were alive or not). */
    long dropped() {
        long n;
        synchronized (this) {
            n = released;
        }
        for (DeferredTags d : all) {
            n += d.dropped();
        }
        return n;
    }

    /** The calling thread's deferred tags, made (and registered for the other threads' searches) on first use. */
    private DeferredTags own(ProfiledThread t) {
        DeferredTags d = t.deferredTags;
        if (d == null) {
            d = new DeferredTags(perThread, budget);
            synchronized (this) {
                DeferredTags[] before = all;
                DeferredTags[] live = new DeferredTags[before.length + 1];
                int n = 0;
                for (DeferredTags other : before) {
                    if (other.ownerEnded()) {
                        released += other.release();
                    } else {
                        live[n++] = other;
                    }
                }
                live[n++] = d;
                all = java.util.Arrays.copyOf(live, n);
            }
            t.deferredTags = d;
        }
        return d;
    }
}
