package com.numa.junit.workloads;

/**
 * Two counts in a {@code long[]} the object keeps in a field, each incremented by its own thread: side by side
 * ({@link #adjacent}, false sharing in the array, not in the object), or 128 bytes apart ({@link #padded}).
 */
public final class SlotCounters {
    private final long[] slots;
    private final int stride;

    /** Counts in {@code slots}, {@code stride} elements apart (an array made by someone else). */
    public SlotCounters(long[] slots, int stride) {
        this.slots = slots;
        this.stride = stride;
    }

    /** Neighbours in an array this class allocates. */
    public static SlotCounters adjacent() {
        return new SlotCounters(1);
    }

    /** 16 longs apart in an array this class allocates. */
    public static SlotCounters padded() {
        return new SlotCounters(16);
    }

    private SlotCounters(int stride) {
        this.slots = new long[2 * stride];
        this.stride = stride;
    }

    /** As {@link Counters#race(Counters.Adjacent, int)}, on the two slots. */
    public void race(int rounds) throws InterruptedException {
        Counters.takeTurns(rounds, () -> slots[0]++, () -> slots[stride]++);
    }
}
