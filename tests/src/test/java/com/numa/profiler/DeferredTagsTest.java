package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The sampled mode's memory of array tags: found by identity hash and length, forgotten only a generation later. */
class DeferredTagsTest {
    @Test
    void findsWhatWasPutByHashAndLengthAcrossGrowth() {
        DeferredTags d = new DeferredTags(1 << 12, new DeferredTags.Budget(1 << 20));
        for (int i = 1; i <= 1000; i++) {
            d.put(i * 7919, i % 5, 1000L + i);
        }
        assertEquals(1000, d.size());
        for (int i = 1; i <= 1000; i++) {
            assertEquals(1000L + i, d.find(i * 7919, i % 5), "array " + i);
        }
        assertEquals(0, d.find(7919, 4), "same hash, other length: another array");
        assertEquals(0, d.find(12345678, 0));
        assertEquals(0, d.dropped());
    }

    @Test
    void keepsTheLastHalfCapacityToCapacityTagsAndCountsWhatItDrops() {
        int capacity = 64; // a generation holds 32 tags
        DeferredTags d = new DeferredTags(capacity, new DeferredTags.Budget(1 << 20));
        for (int i = 1; i <= 100; i++) {
            d.put(i, 1, i);
        }
        // generations: 1-32 (dropped), 33-64 (dropped), 65-96 (old), 97-100 (young)
        assertEquals(64, d.dropped());
        assertEquals(36, d.size());
        for (int i = 1; i <= 100; i++) {
            assertEquals(i > 64 ? i : 0, d.find(i, 1), "tag " + i);
        }
    }

    @Test
    void refusesACapacityThatIsNotAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new DeferredTags(100, new DeferredTags.Budget(1 << 20)));
    }

    @Test
    void aSpentBudgetStopsGrowthAndTheTagsRecycleInPlace() {
        DeferredTags.Budget budget = new DeferredTags.Budget(1024);
        DeferredTags d = new DeferredTags(1 << 16, budget); // first generation: 256 slots
        for (int i = 1; i <= 10_000; i++) {
            d.put(i, 1, i);
        }
        // 256 -> 512 -> 1024 slots takes 768 of the budget's 1024; a second 1024-slot generation no longer fits
        assertEquals(0, budget.free(), "the budget is spent, never overdrawn");
        assertTrue(d.size() <= 512, "one generation of 1024 slots, half full at most: " + d.size());
        assertEquals(10_000, d.dropped() + d.size());
        assertEquals(10_000, d.find(10_000, 1), "the newest tag is remembered");
        assertEquals(10_000, d.release());
        assertEquals(1024, budget.free(), "release gives every slot back");
    }

    @Test
    void tagsKnowWhenTheirThreadHasEnded() throws Exception {
        DeferredTags.Budget budget = new DeferredTags.Budget(1 << 20);
        AtomicReference<DeferredTags> made = new AtomicReference<>();
        Thread t = new Thread(() -> made.set(new DeferredTags(1 << 10, budget)));
        t.start();
        t.join();
        assertTrue(made.get().ownerEnded());
        assertFalse(new DeferredTags(1 << 10, budget).ownerEnded(), "this thread is alive");
    }
}
