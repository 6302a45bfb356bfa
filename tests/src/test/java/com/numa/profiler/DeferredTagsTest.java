package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The sampled mode's memory of array tags: found by identity hash and length, forgotten only a generation later. */
class DeferredTagsTest {
    @Test
    void findsWhatWasPutByHashAndLengthAcrossGrowth() {
        DeferredTags d = new DeferredTags(1 << 12);
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
        DeferredTags d = new DeferredTags(capacity);
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
        assertThrows(IllegalArgumentException.class, () -> new DeferredTags(100));
    }
}
