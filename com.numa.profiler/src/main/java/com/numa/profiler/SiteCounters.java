package com.numa.profiler;

/** One thread's counts for one allocation site (merged across threads when reporting). */
final class SiteCounters {
    long allocations;
    long allocatedBytes;
    long reads;
    long writes;
    long sharedReads;
    long sharedWrites;
    long predictedRemote;
    /** Reads of shared objects (initialisation counts as their first write). */
    long readsOfSharedObjects;
    /** Of those, reads that a later write followed: the rest came after the object's last write. */
    long readsFollowedByWrite;

    void add(SiteCounters o) {
        allocations += o.allocations;
        allocatedBytes += o.allocatedBytes;
        reads += o.reads;
        writes += o.writes;
        sharedReads += o.sharedReads;
        sharedWrites += o.sharedWrites;
        predictedRemote += o.predictedRemote;
        readsOfSharedObjects += o.readsOfSharedObjects;
        readsFollowedByWrite += o.readsFollowedByWrite;
    }

    long readsAfterLastWrite() {
        return Math.max(0, readsOfSharedObjects - readsFollowedByWrite);
    }

    long accesses() {
        return reads + writes;
    }
}
