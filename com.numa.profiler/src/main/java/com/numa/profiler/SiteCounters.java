package com.numa.profiler;

import java.util.Arrays;

/** One thread's counts for one allocation site (merged across threads when reporting). */
final class SiteCounters {
    /** Distinct owners whose objects one thread's shared accesses at one site are tallied for (the rest go to others). */
    static final int MAX_SHARERS = 64;

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
    /**
     * Writes to objects already published: shared writes, and writes by the owner to an object another thread had
     * accessed. None at a site with shared reads makes it read-only (see ProfileReport#readOnly).
     */
    long writesAfterPublication;
    /**
     * Shared accesses by the counting thread, per owner of the object accessed: thread keys and counts, the first
     * {@code sharerCount} entries used. Null until the first shared access.
     */
    int[] sharerKeys;
    long[] sharerCounts;
    int sharerCount;
    /** Shared accesses to objects of owners beyond the first MAX_SHARERS. */
    long otherSharers;

    /** One shared access (weight {@code weight}) by the counting thread to an object owned by thread {@code owner}. */
    void countSharer(int owner, long weight) {
        int[] keys = sharerKeys;
        int n = sharerCount;
        if (keys != null) {
            for (int i = 0; i < n; i++) {
                if (keys[i] == owner) {
                    sharerCounts[i] += weight;
                    return;
                }
            }
        }
        if (n == MAX_SHARERS) {
            otherSharers += weight;
            return;
        }
        if (keys == null) {
            keys = sharerKeys = new int[4];
            sharerCounts = new long[4];
        } else if (n == keys.length) {
            keys = sharerKeys = Arrays.copyOf(keys, n * 2);
            sharerCounts = Arrays.copyOf(sharerCounts, n * 2);
        }
        keys[n] = owner;
        sharerCounts[n] = weight;
        sharerCount = n + 1;
    }

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
        writesAfterPublication += o.writesAfterPublication;
    }

    long readsAfterLastWrite() {
        return Math.max(0, readsOfSharedObjects - readsFollowedByWrite);
    }

    long accesses() {
        return reads + writes;
    }
}
