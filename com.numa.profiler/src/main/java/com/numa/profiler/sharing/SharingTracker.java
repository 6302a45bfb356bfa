package com.numa.profiler.sharing;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The in-JVM half of the sharing diagnosis (-XX:+NUMAProfilerDiagnose): the profiler's runtime hands it the objects
 * it saw <i>written after another thread used them</i> (the owner word's shared bit was set when the write came, or the
 * write itself was a shared one), and from then on every access to them with the field or element accessed. Only
 * such objects can cost coherence invalidations, so the word-level bookkeeping ({@link TrackedObject}) is paid for
 * them alone, and for at most {@code capacity} at a time. For arrays the profiler asks per chunk of
 * -XX:NUMAProfilerArrayChunk bytes, so only the chunks written after sharing are followed.
 *
 * <p>Called from the hooks with the profiler's re-entrance guard held; never throws into them for a bad index or an
 * unknown field (those accesses are left out).
 */
public final class SharingTracker {
    private final WordLayouts layouts;
    private final TrackedObjects table;
    private final Map<String, Findings> retired = new LinkedHashMap<>();
    private final AtomicLong trackedEver = new AtomicLong();
    private volatile ThreadCache[] caches = new ThreadCache[64];
    /** The accesses each one seen stands for (-XX:NUMAProfilerSampling): the invalidations and writes are scaled by it. */
    private final int weight;

    /** The last two objects a thread touched and its bit in each: loops over one or two objects skip the lookup. */
    private static final class ThreadCache {
        TrackedObject last;
        int lastSlot;
        TrackedObject previous;
        int previousSlot;
        int slot;
    }

    public SharingTracker(WordLayouts layouts, int capacity, int weight) {
        this.layouts = layouts;
        this.table = new TrackedObjects(capacity);
        this.weight = weight;
    }

    /**
     * Follows {@code o} word by word from now on; {@code site} and {@code homeNode} come from its owner word. False when
     * the object cannot be followed (the table is full, or it has no field to follow).
     */
    public boolean track(Object o, int site, int homeNode) {
        if (table.lookup(o) != null) {
            return true;
        }
        int hash = TrackedObjects.mix(System.identityHashCode(o));
        Class<?> c = o.getClass();
        WordLayout layout = layouts.of(c);
        TrackedObject e;
        if (c.isArray()) {
            if (layout.scale() <= 0) {
                return false;
            }
            e = new TrackedArray(o, hash, site, homeNode, layout, Array.getLength(o));
        } else {
            if (layout.size() == 0) {
                return false;
            }
            e = new TrackedInstance(o, hash, site, homeNode, layout);
        }
        TrackedObject in = table.insert(e, this::retire);
        if (in == e) {
            trackedEver.incrementAndGet();
        }
        return in != null;
    }

    /** An access by thread {@code key} (on {@code node}) to field {@code fieldId} of tracked {@code o}. */
    public void field(int key, Object o, int fieldId, boolean write, int node) {
        ThreadCache cache = cache(key);
        TrackedObject t = find(cache, key, o, node);
        if (t == null || t.layout.isArray()) {
            return;
        }
        int w = t.layout.wordOf(layouts, o.getClass(), fieldId);
        if (w >= 0) {
            t.access(cache.slot, w, write);
        }
    }

    /** An access by thread {@code key} to element {@code index} of tracked array {@code a}. */
    public void element(int key, Object a, int index, boolean write, int node) {
        ThreadCache cache = cache(key);
        TrackedObject t = find(cache, key, a, node);
        if (t instanceof TrackedArray arr && index >= 0 && index < arr.length()) {
            t.access(cache.slot, index, write);
        }
    }

    private TrackedObject find(ThreadCache c, int key, Object o, int node) {
        TrackedObject t = c.last;
        if (t != null && t.get() == o) {
            c.slot = c.lastSlot;
            return t;
        }
        TrackedObject p = c.previous;
        if (p != null && p.get() == o) {
            c.previous = t;
            c.previousSlot = c.lastSlot;
            c.last = p;
            c.lastSlot = c.slot = p.slot(key, node);
            return p;
        }
        TrackedObject found = table.lookup(o);
        if (found == null) {
            return null;
        }
        c.previous = t;
        c.previousSlot = c.lastSlot;
        c.last = found;
        c.lastSlot = c.slot = found.slot(key, node);
        return found;
    }

    private ThreadCache cache(int key) {
        ThreadCache[] cs = caches;
        if (key < cs.length) {
            ThreadCache c = cs[key];
            if (c != null) {
                return c;
            }
        }
        return newCache(key);
    }

    private synchronized ThreadCache newCache(int key) {
        ThreadCache[] cs = caches;
        if (key >= cs.length) {
            ThreadCache[] n = new ThreadCache[Math.max(key + 1, cs.length * 2)];
            System.arraycopy(cs, 0, n, 0, cs.length);
            cs = n;
        }
        if (cs[key] == null) {
            cs[key] = new ThreadCache();
        }
        caches = cs;
        return cs[key];
    }

    /** An entry whose object was collected: its findings are kept, merged per site and type. */
    private void retire(TrackedObject e) {
        Findings f = Findings.of(e).scaled(weight);
        synchronized (retired) {
            Findings known = retired.get(f.key());
            if (known == null) {
                retired.put(f.key(), f);
            } else {
                known.add(f);
            }
        }
    }

    /** Every tracked object's findings so far, live or collected, merged per allocation site and type. */
    List<Findings> findings() {
        Map<String, Findings> bySite = new LinkedHashMap<>();
        synchronized (retired) {
            for (Findings f : retired.values()) {
                Findings copy = new Findings(f.site, f.type, f.array);
                copy.add(f);
                bySite.put(copy.key(), copy);
            }
        }
        for (TrackedObject e : table.all()) {
            Findings f = Findings.of(e).scaled(weight);
            Findings known = bySite.get(f.key());
            if (known == null) {
                bySite.put(f.key(), f);
            } else {
                known.add(f);
            }
        }
        return new ArrayList<>(bySite.values());
    }

    /** Objects ever followed word by word. */
    public long trackedObjects() {
        return trackedEver.get();
    }

    /** Objects that would have been followed but found the table full of live ones. */
    public long refusedObjects() {
        return table.refused();
    }
}
