package com.numa.profiler.sharing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cache-line model of {@link TrackedObject}, driven by scripted access sequences whose invalidations are known:
 * writes to different words of a line interleaved with the other thread's accesses are false sharing, to the same word
 * true sharing, accesses that do not interleave cost nothing, and words 64 bytes apart never share a line.
 */
class TrackedObjectTest {
    private static final Object REFERENT = new Object();

    /** An object with long fields at the given offsets. */
    private static TrackedObject instance(long... offsets) {
        List<WordLayout.Word> words = new java.util.ArrayList<>();
        for (int i = 0; i < offsets.length; i++) {
            words.add(new WordLayout.Word("f" + i, "T", "long", offsets[i], 8, false));
        }
        return new TrackedInstance(REFERENT, 1, 7, 0, WordLayout.instance("T", words, ""));
    }

    private static int placements(long a, long b) {
        int n = 0;
        for (int p = 0; p < 8; p++) {
            n += (a + 8 * p) / 64 == (b + 8 * p) / 64 ? 1 : 0;
        }
        return n;
    }

    @Test
    void interleavedWritesOfNeighbouringWordsAreFalseSharing() {
        TrackedObject t = instance(16, 24);
        int a = t.slot(1, 0);
        int b = t.slot(2, 0);
        for (int i = 0; i < 100; i++) {
            t.access(a, 0, true);
            t.access(b, 1, true);
        }
        Findings f = Findings.of(t);
        assertEquals(199.0 * placements(16, 24) / 8, f.falseInvalidations, 1e-9);
        assertEquals(0, f.trueInvalidations);
        assertEquals(List.of("f0@16", "f1@24"), List.copyOf(f.falseWords).stream().sorted().toList());
        assertEquals(200, f.writes);
    }

    @Test
    void interleavedWritesOfOneWordAreTrueSharingInEveryPlacement() {
        TrackedObject t = instance(16);
        int a = t.slot(1, 0);
        int b = t.slot(2, 0);
        for (int i = 0; i < 100; i++) {
            t.access(a, 0, true);
            t.access(b, 0, true);
        }
        Findings f = Findings.of(t);
        assertEquals(199, f.trueInvalidations, 1e-9);
        assertEquals(0, f.falseInvalidations);
        assertTrue(f.trueCounter);
    }

    /**
     * The tracking's racy updates can lose a reader's mark on the word while its line mask keeps the reader (four
     * threads hammering one AtomicLong do this): the next write then finds a holder of the line that "did not use the
     * word". With no other word in the line the holder can only have held it for this word: true sharing, never false.
     */
    @Test
    void aSingleContendedWordIsTrueSharingEvenAfterALostUpdate() {
        TrackedObject t = instance(16); // AtomicLong's value@16
        int a = t.slot(1, 0);
        int b = t.slot(2, 0);
        t.access(a, 0, true);
        t.access(b, 0, false);
        long[] page = t.wordPage(0);
        page[t.wordAt(0) + TrackedObject.SINCE] &= ~(1L << b); // B's mark lost to a racing write of A
        t.access(a, 0, true);
        Findings f = Findings.of(t);
        assertEquals(0, f.falseInvalidations);
        assertTrue(f.falseWords.isEmpty(), f.falseWords::toString);
        assertEquals(1, f.trueInvalidations, 1e-9);
        assertEquals(List.of("f0@16"), List.copyOf(f.trueWords));
    }

    @Test
    void aReaderOfOneWordAndAWriterOfItsNeighbourAreFalseSharing() {
        TrackedObject t = instance(12, 24); // JMHSample_22's baseline: readOnly and writeOnly
        int reader = t.slot(1, 0);
        int writer = t.slot(2, 0);
        for (int i = 0; i < 50; i++) {
            t.access(reader, 0, false);
            t.access(writer, 1, true);
        }
        Findings f = Findings.of(t);
        assertEquals(50.0 * placements(12, 24) / 8, f.falseInvalidations, 1e-9);
        assertEquals(List.of("f0@12"), List.copyOf(f.falseRead.get(1)));
        assertEquals(List.of("f1@24"), List.copyOf(f.falseWrote.get(2)));
    }

    @Test
    void accessesThatDoNotInterleaveCostOneInvalidationAtTheHandOver() {
        TrackedObject t = instance(16, 24);
        int a = t.slot(1, 0);
        int b = t.slot(2, 0);
        for (int i = 0; i < 100; i++) {
            t.access(a, 0, true);
        }
        for (int i = 0; i < 100; i++) {
            t.access(b, 1, true);
        }
        assertEquals(1.0 * placements(16, 24) / 8, Findings.of(t).falseInvalidations, 1e-9);
    }

    @Test
    void wordsSixtyFourBytesApartNeverShareALine() {
        for (long gap : new long[] {64, 72, 128}) {
            TrackedObject t = instance(16, 16 + gap);
            int a = t.slot(1, 0);
            int b = t.slot(2, 0);
            for (int i = 0; i < 100; i++) {
                t.access(a, 0, true);
                t.access(b, 1, true);
            }
            assertEquals(0, Findings.of(t).falseInvalidations, "gap " + gap);
            assertTrue(!TrackedObject.mayShareLine(16, 16 + gap));
        }
        assertEquals(8, placements(16, 20));
        assertEquals(1, placements(16, 72)); // 56 bytes apart: one line only when the first starts it
        assertTrue(TrackedObject.mayShareLine(16, 72));
    }

    @Test
    void invalidationsBetweenNodesAreCountedApart() {
        TrackedObject t = instance(16);
        int a = t.slot(1, 0);
        int b = t.slot(2, 1);
        for (int i = 0; i < 10; i++) {
            t.access(a, 0, true);
            t.access(b, 0, true);
        }
        assertEquals(19, Findings.of(t).remoteInvalidations, 1e-9);
    }

    @Test
    void arrayElementsAreWordsWithTheirIndexRanges() {
        WordLayout longs = WordLayout.array("long[]", 16, 8);
        TrackedArray t = new TrackedArray(new long[1000], 1, 3, 0, longs, 1000);
        int a = t.slot(1, 0);
        int b = t.slot(2, 0);
        for (int i = 0; i < 10; i++) {
            for (int k = 0; k < 4; k++) {
                t.access(a, 500 + k, true);
            }
            for (int k = 4; k < 8; k++) {
                t.access(b, 500 + k, true);
            }
        }
        Findings f = Findings.of(t);
        assertTrue(f.falseInvalidations > 0);
        assertEquals(List.of("[500..507]"), List.copyOf(f.falseWords));
        assertEquals(List.of("[500..503]"), List.copyOf(f.falseWrote.get(1)));
        assertEquals(List.of("[504..507]"), List.copyOf(f.falseWrote.get(2)));
    }

    /** The model written plainly (a map per placement from line to holders), against the tracker's paged one. */
    @Test
    void sameCountsAsAPlainModelOnRandomAccesses() {
        java.util.Random rnd = new java.util.Random(15);
        for (int trial = 0; trial < 50; trial++) {
            boolean array = trial % 2 == 0;
            int words = 2 + rnd.nextInt(array ? 300 : 10);
            long[] offsets = new long[words];
            TrackedObject t;
            if (array) {
                WordLayout ints = WordLayout.array("int[]", 16, 4);
                t = new TrackedArray(new int[words], 1, 3, 0, ints, words);
                for (int w = 0; w < words; w++) {
                    offsets[w] = ints.offset(w);
                }
            } else {
                long at = 12;
                for (int w = 0; w < words; w++) {
                    offsets[w] = at;
                    at += 4 * (1 + rnd.nextInt(6));
                }
                t = instance(offsets);
            }
            List<java.util.Map<Long, Long>> lines = new java.util.ArrayList<>();
            for (int p = 0; p < 8; p++) {
                lines.add(new java.util.HashMap<>());
            }
            long[] since = new long[words];
            long falseInv = 0;
            long trueInv = 0;
            int threads = 2 + rnd.nextInt(3);
            for (int i = 0; i < 2000; i++) {
                int k = rnd.nextInt(threads);
                int w = rnd.nextInt(words);
                boolean write = rnd.nextInt(3) == 0;
                long bit = 1L << t.slot(k + 1, 0);
                for (int p = 0; p < 8; p++) {
                    long line = (offsets[w] + 8L * p) / 64;
                    long m = lines.get(p).getOrDefault(line, 0L);
                    if (write) {
                        trueInv += Long.bitCount(m & ~bit & since[w]);
                        falseInv += Long.bitCount(m & ~bit & ~since[w]);
                        lines.get(p).put(line, bit);
                    } else {
                        lines.get(p).put(line, m | bit);
                    }
                }
                since[w] = write ? bit : since[w] | bit;
                t.access(Long.numberOfTrailingZeros(bit), w, write);
            }
            Findings f = Findings.of(t);
            assertEquals(falseInv / 8.0, f.falseInvalidations, 1e-9, "trial " + trial);
            assertEquals(trueInv / 8.0, f.trueInvalidations, 1e-9, "trial " + trial);
        }
    }

    @Test
    void aSixtyFifthThreadSharesTheLastBit() {
        TrackedObject t = instance(16);
        for (int k = 1; k <= 64; k++) {
            assertEquals(k - 1, t.slot(k, 0));
        }
        assertEquals(63, t.slot(65, 0));
        assertEquals(64, t.threads());
    }

    @Test
    void rangesAreCompactAndBounded() {
        java.util.TreeSet<Integer> s = new java.util.TreeSet<>(List.of(0, 1, 2, 5, 7, 8));
        assertEquals(List.of("[0..2]", "[5]", "[7..8]"), Findings.ranges(s));
        java.util.TreeSet<Integer> many = new java.util.TreeSet<>();
        for (int i = 0; i < 40; i += 2) {
            many.add(i);
        }
        List<String> r = Findings.ranges(many);
        assertEquals(Findings.MAX_WORDS + 1, r.size());
        assertEquals("+8 more ranges", r.get(r.size() - 1));
    }
}
