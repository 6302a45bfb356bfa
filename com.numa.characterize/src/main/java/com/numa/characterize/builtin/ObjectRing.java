package com.numa.characterize.builtin;

/**
 * A thread's private working set for the walk workloads: a ring of linked objects in a shuffled order. Each hop reads
 * one reference field (what the profiler counts by default) and mixes the link's payload, so the walk is both
 * CPU work for PerfUtil and object accesses for NUMAProfiler. Whoever builds the ring owns it (the profiler's first
 * owner is the allocating thread), so a ring built and walked by one thread yields only private accesses.
 */
final class ObjectRing {
    /** Links: small enough to stay in a core's L2, so a walk is compute-bound and its cost the same on every core. */
    static final int LINKS = 4096;

    private static final class Link {
        final long payload;
        Link next;

        Link(long payload) {
            this.payload = payload;
        }
    }

    private final Link head;

    ObjectRing(long seed) {
        Link[] links = new Link[LINKS];
        long s = seed;
        for (int i = 0; i < LINKS; i++) {
            s = Mix.next(s);
            links[i] = new Link(s);
        }
        for (int i = LINKS - 1; i > 0; i--) { // Fisher-Yates: hops jump around rather than stream
            s = Mix.next(s);
            int j = (int) Long.remainderUnsigned(s, i + 1);
            Link t = links[i];
            links[i] = links[j];
            links[j] = t;
        }
        for (int i = 0; i < LINKS; i++) {
            links[i].next = links[(i + 1) % LINKS];
        }
        head = links[0];
    }

    /** Walks {@code hops} links from the head and returns a digest of the payloads met. */
    long walk(long hops) {
        Link link = head;
        long digest = 0;
        for (long h = 0; h < hops; h++) {
            digest = Mix.next(digest ^ link.payload);
            link = link.next;
        }
        return digest;
    }
}
