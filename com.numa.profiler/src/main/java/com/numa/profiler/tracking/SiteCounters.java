package com.numa.profiler.tracking;

import java.util.Arrays;

/** One thread's counts for one allocation site (merged across threads when reporting). */
public final class SiteCounters {
    /** Owner thread keys below this are tallied in an array indexed by key (at most 512 bytes per thread and site). */
    static final int DENSE_KEYS = 64;
    /** Owners with larger keys whose shared accesses one thread tallies per site (the rest go to otherSharers). */
    static final int MAX_FAR_OWNERS = 64;

    public long allocations;
    public long allocatedBytes;
    public long reads;
    public long writes;
    public long sharedReads;
    public long sharedWrites;
    public long predictedRemote;
    /** Reads of shared objects (initialisation counts as their first write). */
    public long readsOfSharedObjects;
    /** Of those, reads that a later write followed: the rest came after the object's last write. */
    public long readsFollowedByWrite;
    /**
     * Writes to objects already published: shared writes, and writes by the owner to an object another thread had
     * accessed. None at a site with shared reads makes it read-only (see ProfileReport#readOnly).
     */
    public long writesAfterPublication;
    /**
     * Shared accesses by the counting thread, indexed by the thread key of the owner of the object accessed (keys are
     * small and dense, one per profiled thread, so this is an array up to key DENSE_KEYS - 1; null until the first
     * shared access). Owners with larger keys go to the short lists {@code farKeys}/{@code farCounts}, at most
     * MAX_FAR_OWNERS of them; the rest to {@code otherSharers}.
     */
    long[] sharedWith;
    int[] farKeys;
    long[] farCounts;
    int farCount;
    /** Shared accesses to objects of owners beyond those tallied (left out of the pairs, not of the counts). */
    long otherSharers;

    /** One shared access (weight {@code weight}) by the counting thread to an object owned by thread {@code owner}. */
    public void countSharer(int owner, long weight) {
        long[] a = sharedWith;
        if (a != null && owner < a.length) {
            a[owner] += weight;
        } else {
            countNewSharer(owner, weight);
        }
    }

    private void countNewSharer(int owner, long weight) {
        if (owner < DENSE_KEYS) {
            long[] a = sharedWith;
            int length = Math.min(DENSE_KEYS, Math.max(8, Integer.highestOneBit(owner) * 2));
            a = sharedWith = a == null ? new long[length] : Arrays.copyOf(a, Math.max(a.length, length));
            a[owner] += weight;
            return;
        }
        int[] keys = farKeys;
        int n = farCount;
        for (int i = 0; i < n; i++) {
            if (keys[i] == owner) {
                farCounts[i] += weight;
                return;
            }
        }
        if (n == MAX_FAR_OWNERS) {
            otherSharers += weight;
            return;
        }
        if (keys == null) {
            keys = farKeys = new int[4];
            farCounts = new long[4];
        } else if (n == keys.length) {
            keys = farKeys = Arrays.copyOf(keys, n * 2);
            farCounts = Arrays.copyOf(farCounts, n * 2);
        }
        keys[n] = owner;
        farCounts[n] = weight;
        farCount = n + 1;
    }

    /** Calls {@code each} with every owner and its count of shared accesses (read racily while the thread runs). */
    public void forEachSharer(java.util.function.ObjLongConsumer<Integer> each) {
        long[] a = sharedWith;
        for (int owner = 1; a != null && owner < a.length; owner++) {
            if (a[owner] != 0) {
                each.accept(owner, a[owner]);
            }
        }
        int[] keys = farKeys;
        long[] counts = farCounts;
        for (int i = 0, n = keys == null ? 0 : Math.min(farCount, Math.min(keys.length, counts.length)); i < n; i++) {
            each.accept(keys[i], counts[i]);
        }
    }

    /**
     * Takes the access counts and sharing pairs of {@code o} (derived from a thread's cells, see AccessCells#fold),
     * keeping this site's allocations and readsFollowedByWrite, which the thread counts itself.
     */
    void setAccessCounts(SiteCounters o) {
        reads = o.reads;
        writes = o.writes;
        sharedReads = o.sharedReads;
        sharedWrites = o.sharedWrites;
        predictedRemote = o.predictedRemote;
        readsOfSharedObjects = o.readsOfSharedObjects;
        writesAfterPublication = o.writesAfterPublication;
        sharedWith = o.sharedWith;
        farKeys = o.farKeys;
        farCounts = o.farCounts;
        farCount = o.farCount;
        otherSharers = o.otherSharers;
    }

    public void add(SiteCounters o) {
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

    public long readsAfterLastWrite() {
        return Math.max(0, readsOfSharedObjects - readsFollowedByWrite);
    }

    public long accesses() {
        return reads + writes;
    }
}
