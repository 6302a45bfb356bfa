package com.numa.gc.heap;

import java.util.Arrays;

/** What the collector did over a run: collections, pause times, copying volume. Units in the names. */
public final class HeapStats {
    private long[] pausesNs = new long[16];
    private int collections;
    long bytesCopied;
    long objectsCopied;
    long spilledCopies;
    long stolenItems;
    long spilledTlabs;

    void pause(long ns) {
        if (collections == pausesNs.length) {
            pausesNs = Arrays.copyOf(pausesNs, collections * 2);
        }
        pausesNs[collections++] = ns;
    }

    public int collections() {
        return collections;
    }

    /** The pause times, one per collection, in nanoseconds. */
    public long[] pausesNs() {
        return Arrays.copyOf(pausesNs, collections);
    }

    public long bytesCopied() {
        return bytesCopied;
    }

    public long objectsCopied() {
        return objectsCopied;
    }

    /** Copies that went to another node than the policy chose, because that node's segment was full. */
    public long spilledCopies() {
        return spilledCopies;
    }

    /** Work items a GC thread took from another node's queue. */
    public long stolenItems() {
        return stolenItems;
    }

    /** TLABs taken on another node than the policy chose. */
    public long spilledTlabs() {
        return spilledTlabs;
    }

    /** Sum of all pauses in nanoseconds. */
    public long totalPauseNs() {
        long s = 0;
        for (int i = 0; i < collections; i++) {
            s += pausesNs[i];
        }
        return s;
    }
}
