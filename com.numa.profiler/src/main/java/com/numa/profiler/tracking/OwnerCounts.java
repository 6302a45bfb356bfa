package com.numa.profiler.tracking;

import java.util.Arrays;
import java.util.Map;
import java.util.SortedMap;

/**
 * One thread's accesses per owner thread key (its row of access_matrix.csv), sparse: the keys it met, ascending, and
 * their counts. Dense rows grew to the highest key each thread met, so a program that starts thread after thread (each
 * one touching its own objects) made rows as long as the threads before it: 20,000 threads took several GB at exit.
 */
public final class OwnerCounts {
    static final OwnerCounts NONE = new OwnerCounts(new int[0], new long[0]);
    private final int[] keys;
    private final long[] counts;

    private OwnerCounts(int[] keys, long[] counts) {
        this.keys = keys;
        this.counts = counts;
    }

    /** The counts of {@code byOwner}, whose keys are in ascending order. */
    static OwnerCounts of(SortedMap<Integer, Long> byOwner) {
        int[] k = new int[byOwner.size()];
        long[] c = new long[k.length];
        int i = 0;
        for (Map.Entry<Integer, Long> e : byOwner.entrySet()) {
            k[i] = e.getKey();
            c[i++] = e.getValue();
        }
        return new OwnerCounts(k, c);
    }

    /** Accesses to objects of owner key {@code owner} (0: unknown owner). */
    public long get(int owner) {
        int i = Arrays.binarySearch(keys, owner);
        return i < 0 ? 0 : counts[i];
    }

    /** How many owners the thread met; {@link #key} and {@link #count} go through them in key order. */
    public int size() {
        return keys.length;
    }

    public int key(int i) {
        return keys[i];
    }

    public long count(int i) {
        return counts[i];
    }

    public long total() {
        return Arrays.stream(counts).sum();
    }

    /** The highest owner key met, 0 if none. */
    public int maxKey() {
        return keys.length == 0 ? 0 : keys[keys.length - 1];
    }
}
