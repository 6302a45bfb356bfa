package com.numa.profiler.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The sampled mode's memory of array tags: found by identity hash and length; a newer tag takes the slot of an older
 * one; the table grows with what its thread puts, within its capacity and the budget.
 */
class DeferredTagsTest {
    /** The first table's slots: 1024. */
    private static final int FIRST_MASK = 1023;

    /** {@code count} hashes in distinct slots of the first table. */
    private static List<Integer> hashesInDistinctSlots(int count) {
        List<Integer> hashes = new ArrayList<>();
        Set<Integer> taken = new HashSet<>();
        for (int h = 1; hashes.size() < count; h++) {
            if (taken.add(DeferredTags.slot(h * 7919, FIRST_MASK))) {
                hashes.add(h * 7919);
            }
        }
        return hashes;
    }

    @Test
    void findsWhatWasPutByHashAndLength() {
        DeferredTags d = new DeferredTags(1 << 12, new DeferredTags.Budget(1 << 20));
        List<Integer> hashes = hashesInDistinctSlots(200);
        for (int i = 0; i < hashes.size(); i++) {
            d.put(hashes.get(i), i % 5, 1000L + i);
        }
        assertEquals(200, d.size());
        for (int i = 0; i < hashes.size(); i++) {
            assertEquals(1000L + i, d.find(hashes.get(i), i % 5), "array " + i);
        }
        assertEquals(0, d.find(hashes.get(4), 3), "same hash, other length: another array");
        assertEquals(0, d.find(12345678, 0));
        assertEquals(0, d.dropped());
    }

    @Test
    void aNewerTagTakesTheSlotOfAnOlderOne() {
        DeferredTags d = new DeferredTags(1 << 12, new DeferredTags.Budget(1 << 20));
        int older = 1;
        int newer = 2;
        while (DeferredTags.slot(newer, FIRST_MASK) != DeferredTags.slot(older, FIRST_MASK)) {
            newer++;
        }
        // site 0's first tags are kept apart too (the next test): make it a hot site first, in slots of their own
        int filler = newer;
        for (int i = 0; i < DeferredTags.RARE_SITE_PUTS; i++) {
            do {
                filler++;
            } while (DeferredTags.slot(filler, FIRST_MASK) == DeferredTags.slot(older, FIRST_MASK));
            d.put(filler, 8, 1);
        }
        d.put(older, 8, 11);
        d.put(newer, 8, 22);
        assertEquals(0, d.find(older, 8), "replaced: its array will count as of unknown owner");
        assertEquals(22, d.find(newer, 8));
        assertEquals(DeferredTags.RARE_SITE_PUTS + 1, d.size());
        assertEquals(1, d.dropped());
    }

    private static long word(int site) {
        return OwnerWords.tag(1, site, 0);
    }

    @Test
    void theFirstArraysOfASiteOutliveAHotSitesChurn() {
        DeferredTags d = new DeferredTags(1 << 12, new DeferredTags.Budget(1 << 20));
        SplittableRandom random = new SplittableRandom(11);
        int data = random.nextInt() & 0x7FFFFFFF;
        d.put(data, 4, word(7)); // the program's table, from a site that allocates once
        for (int i = 0; i < 20_000; i++) { // then string copies from two hot sites, as class loading makes
            d.put(random.nextInt() & 0x7FFFFFFF, 16, word(100 + i % 2));
        }
        assertEquals(word(7), d.find(data, 4), "20,000 tags of hot sites went through, the data's tag is held");
        assertTrue(d.dropped() > 10_000, "the hot sites' old tags are replaced: " + d.dropped());
    }

    @Test
    void aSiteIsRareForItsFirstTagsOnly() {
        DeferredTags d = new DeferredTags(1 << 12, new DeferredTags.Budget(1 << 20));
        SplittableRandom random = new SplittableRandom(13);
        int[] first = new int[DeferredTags.RARE_SITE_PUTS + 1];
        for (int i = 0; i < first.length; i++) {
            first[i] = random.nextInt() & 0x7FFFFFFF;
            d.put(first[i], 4, word(9));
        }
        for (int i = 0; i < 20_000; i++) {
            d.put(random.nextInt() & 0x7FFFFFFF, 16, word(200));
        }
        for (int i = 0; i < DeferredTags.RARE_SITE_PUTS; i++) {
            assertEquals(word(9), d.find(first[i], 4), "tag " + i + " of site 9");
        }
        assertEquals(0, d.find(first[DeferredTags.RARE_SITE_PUTS], 4), "by its fifth array site 9 is no longer rare");
    }

    @Test
    void theTableGrowsWithWhatItsThreadPutsAndKeepsMostRecentTags() {
        int capacity = 1 << 12;
        DeferredTags d = new DeferredTags(capacity, new DeferredTags.Budget(1 << 20));
        SplittableRandom random = new SplittableRandom(7);
        int[] hashes = new int[20_000];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = random.nextInt() & 0x7FFFFFFF;
            d.put(hashes[i], 1, i + 1);
        }
        assertEquals(capacity, d.capacity(), "grown 1024 -> 2048 -> 4096 and no further");
        assertEquals(hashes.length, d.find(hashes[hashes.length - 1], 1), "the newest tag is held");
        int recent = 0;
        for (int i = hashes.length - 256; i < hashes.length; i++) {
            recent += d.find(hashes[i], 1) == i + 1 ? 1 : 0;
        }
        // a tag put W tags ago is held with probability exp(-W / 4096): 97 % of the last 256 on average
        assertTrue(recent > 200, recent + " of the last 256 tags held");
        int old = 0;
        for (int i = 0; i < 1000; i++) {
            old += d.find(hashes[i], 1) == i + 1 ? 1 : 0;
        }
        assertTrue(old < 60, old + " of the first 1000 tags held: 19,000 newer ones went through 4096 slots");
        assertEquals(hashes.length, d.size() + d.dropped());
    }

    @Test
    void refusesACapacityThatIsNotAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new DeferredTags(100, new DeferredTags.Budget(1 << 20)));
    }

    @Test
    void aSpentBudgetStopsGrowth() {
        int first = 1024 + DeferredTags.RARE_BUDGET_SLOTS;
        DeferredTags.Budget budget = new DeferredTags.Budget(first);
        DeferredTags d = new DeferredTags(1 << 16, budget); // first table: 1024 slots, and the rare sites' table
        for (int i = 1; i <= 10_000; i++) {
            d.put(i, 1, i);
        }
        // the first tables take the whole budget; a table of 2048 no longer fits
        assertEquals(1024, d.capacity());
        assertEquals(0, budget.free(), "the budget is spent, never overdrawn");
        assertEquals(10_000, d.find(10_000, 1), "the newest tag is remembered");
        assertEquals(10_000, d.release(), "every tag put is forgotten with the table");
        assertEquals(first, budget.free(), "release gives every slot back");
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
