package com.numa.profiler.tracking;

/**
 * A thread's reference stores into objects that have no trace id yet: a constructor's stores into {@code this} come
 * before the allocation hook (which runs when the constructor returns), but the replayer needs the allocation first.
 * Held until the object's allocation is recorded, then written after it. Bounded: a store into an object whose
 * allocation is never seen (made by code that is not instrumented) is overwritten in time and counted as dropped.
 */
public final class PendingStores {
    static final int CAPACITY = 256;
    private final Object[] receivers = new Object[CAPACITY];
    private final int[] slots = new int[CAPACITY];
    private final Object[] targets = new Object[CAPACITY];
    private int next;
    private int size;
    long dropped;

    /** What to do with one released store. */
    public interface Release {
        void store(int slot, Object target);
    }

    public void add(Object receiver, int slot, Object target) {
        if (receivers[next] != null) {
            dropped++;
        }
        receivers[next] = receiver;
        slots[next] = slot;
        targets[next] = target;
        next = (next + 1) % CAPACITY;
        size = Math.min(size + 1, CAPACITY);
    }

    /** Hands the stores into {@code receiver}, oldest first, to {@code release} and forgets them. */
    public void release(Object receiver, Release release) {
        if (size == 0) {
            return;
        }
        int i = (next - size + CAPACITY) % CAPACITY;
        for (int n = 0; n < size; n++, i = (i + 1) % CAPACITY) {
            if (receivers[i] == receiver) {
                release.store(slots[i], targets[i]);
                receivers[i] = null;
                targets[i] = null;
            }
        }
        while (size > 0 && receivers[(next - size + CAPACITY) % CAPACITY] == null) {
            size--; // released entries at the old end need no more scanning
        }
    }
}
