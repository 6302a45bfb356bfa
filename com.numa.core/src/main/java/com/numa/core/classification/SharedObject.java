package com.numa.core.classification;

import java.util.List;

/**
 * One allocation site's objects as a profile records them (the profiler's sites.csv): what they are, where they were
 * made, how many of their accesses crossed threads, and which threads shared them.
 *
 * @param type                the allocated type as the profiler names it ("long[]", "java.util.HashMap$Node")
 * @param site                where they were allocated, "pkg.Class.method:line"
 * @param sharedReads         reads of an object another thread wrote last (scaled by the profile's sampling)
 * @param sharedWrites        writes to an object another thread wrote last (scaled likewise)
 * @param readsAfterLastWrite shared reads made after the objects' last write: read-mostly data
 * @param threads             the threads that shared them, most sharing first
 */
public record SharedObject(String type, String site, long sharedReads, long sharedWrites, long readsAfterLastWrite,
        List<String> threads) {

    /** The name HotSpot gives the main thread, which sets up what the threads it starts then use. */
    static final String MAIN = "main";

    public SharedObject {
        threads = List.copyOf(threads);
    }

    /** Shared by main and one other thread only: a hand-over, which ends when that one thread makes and keeps it. */
    boolean sharedWithMainOnly() {
        return threads.size() == 2 && threads.contains(MAIN);
    }
}
