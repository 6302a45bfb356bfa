package com.numa.profiler.sharing;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The tracked objects by identity, holding them weakly and at most {@code capacity} of them. Lookups take no lock;
 * inserts lock the table. When it is full, the entries of collected objects are handed to a consumer (their findings
 * are kept) and dropped; when it is still full the new object is refused (counted).
 */
final class TrackedObjects {
    private final int capacity;
    private volatile TrackedObject[] table = new TrackedObject[64];
    private int size;
    private long refused;

    TrackedObjects(int capacity) {
        this.capacity = capacity;
    }

    static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    TrackedObject lookup(Object o) {
        int h = mix(System.identityHashCode(o));
        TrackedObject[] t = table;
        int mask = t.length - 1;
        for (int i = h & mask, n = 0; n <= mask; i = (i + 1) & mask, n++) {
            TrackedObject e = t[i];
            if (e == null) {
                return null;
            }
            if (e.hash == h && e.get() == o) {
                return e;
            }
        }
        return null;
    }

    /** Inserts {@code e} unless its object is known (then the known entry) or the table is full (then null). */
    synchronized TrackedObject insert(TrackedObject e, Consumer<TrackedObject> retire) {
        Object o = e.get();
        if (o == null) {
            return null;
        }
        TrackedObject known = lookup(o);
        if (known != null) {
            return known;
        }
        if (size + 1 > capacity) {
            sweep(retire);
            if (size + 1 > capacity) {
                refused++;
                return null;
            }
        }
        TrackedObject[] t = table;
        if ((size + 1) * 2 > t.length) {
            t = rehash(t.length * 2, null);
        }
        place(t, e);
        size++;
        table = t;
        return e;
    }

    private static void place(TrackedObject[] t, TrackedObject e) {
        int mask = t.length - 1;
        int i = e.hash & mask;
        while (t[i] != null) {
            i = (i + 1) & mask;
        }
        t[i] = e;
    }

    /** A new array of {@code length} with the live entries (all of them when {@code retire} is null). */
    private TrackedObject[] rehash(int length, Consumer<TrackedObject> retire) {
        TrackedObject[] n = new TrackedObject[length];
        int live = 0;
        for (TrackedObject e : table) {
            if (e == null) {
                continue;
            }
            if (retire != null && e.get() == null) {
                retire.accept(e);
            } else {
                place(n, e);
                live++;
            }
        }
        size = live;
        return n;
    }

    private void sweep(Consumer<TrackedObject> retire) {
        table = rehash(table.length, retire);
    }

    synchronized List<TrackedObject> all() {
        List<TrackedObject> out = new ArrayList<>(size);
        for (TrackedObject e : table) {
            if (e != null) {
                out.add(e);
            }
        }
        return out;
    }

    synchronized long refused() {
        return refused;
    }

    synchronized int size() {
        return size;
    }
}
