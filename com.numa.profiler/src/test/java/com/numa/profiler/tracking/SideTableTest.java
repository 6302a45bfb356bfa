package com.numa.profiler.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SideTableTest {
    @Test
    void findsObjectsByIdentityNotEquality() {
        SideTable t = new SideTable(1024, 0, true);
        String a = new String("x");
        String b = new String("x");
        assertTrue(t.put(a, 42));
        assertEquals(42, t.lookup(a).word);
        assertNull(t.lookup(b), "an equal but distinct object is another object");
        assertTrue(t.put(a, 43));
        assertEquals(43, t.lookup(a).word);
        assertEquals(1, t.size());
    }

    /** HotSpot's geometry with compressed class pointers and oops: element 0 16 bytes from the array's start. */
    static ArrayChunks compressed(int chunkBytes) {
        return new ArrayChunks(chunkBytes, c -> 16, c -> c == Object[].class ? 4 : -1);
    }

    @Test
    void largeArraysGetOneWordPerCacheLineCountedFromTheArraysStart() {
        SideTable t = new SideTable(1024, compressed(64), true);
        Object[] big = new Object[1000]; // 16 references per 64-byte line; the header is line 0's first 4 of them
        long[] longs = new long[100]; // 8 longs per line, the header 2 of them
        long[] small = new long[6]; // 16 + 48 bytes: exactly one line
        t.put(big, 7);
        t.put(longs, 8);
        t.put(small, 9);
        SideTable.Entry e = t.lookup(big);
        assertEquals(0, e.chunkOf(0));
        assertEquals(0, e.chunkOf(11), "bytes 60..63: the last element of line 0");
        assertEquals(1, e.chunkOf(12));
        assertEquals(62, e.chunkOf(999), "bytes 4012..4015");
        assertEquals(-1, e.chunkOf(1000), "past the end: the access itself throws");
        assertEquals(-1, e.chunkOf(-1));
        assertEquals(63, e.chunkWords().length);
        assertEquals(7, e.chunkWords()[62], "untouched chunks keep the allocation word");
        e.word = 70;
        e.chunkWords()[3] = 73;
        assertEquals(73, t.lookup(big).chunkWords()[3]);
        assertEquals(7, t.lookup(big).chunkWords()[2], "chunks are independent");
        assertEquals(0, t.lookup(longs).chunkOf(5));
        assertEquals(1, t.lookup(longs).chunkOf(6));
        assertEquals(12, t.lookup(longs).chunkOf(99));
        assertEquals(0, t.lookup(small).chunkOf(5));
        assertEquals(-1, t.lookup(small).chunkShift, "one line, one word");
        Object plain = new Object();
        t.put(plain, 1);
        assertEquals(0, t.lookup(plain).chunkOf(0), "a plain object is one element");
        assertEquals(-1, new SideTable(1024, 0, true).chunkShift(Object[].class, 1 << 20), "0 = one word per array");
    }

    /** Slots 128 bytes apart are in lines of their own; neighbours share one, as the diagnosis places them. */
    @Test
    void paddedSlotsHaveAWordEachAndNeighboursShareOne() {
        SideTable t = new SideTable(1024, compressed(64), true);
        long[] padded = new long[4 * 16];
        long[] adjacent = new long[4];
        t.put(padded, 1);
        t.put(adjacent, 1);
        SideTable.Entry p = t.lookup(padded);
        assertEquals(java.util.List.of(0, 2, 4, 6), java.util.stream.IntStream.range(0, 4).map(k -> p.chunkOf(16 * k))
                .boxed().toList());
        SideTable.Entry a = t.lookup(adjacent);
        assertEquals(-1, a.chunkShift, "long[4]: 48 bytes, one word");
    }

    @Test
    void theHeaderComesFromTheVmsGeometry() {
        // compact object headers (JDK 24+): int[] elements from byte 12, 3 ints before element 0 in line 0
        ArrayChunks compact = new ArrayChunks(64, c -> c == int[].class ? 12 : 16, c -> -1);
        assertEquals(3, compact.lead(int[].class));
        assertEquals(4, compact.shift(int[].class, 100), "16 ints per line");
        assertEquals(-1, compact.shift(int[].class, 13), "12 + 52 bytes: one line");
        assertEquals(2, new ArrayChunks(64, c -> -1, c -> -1).lead(long[].class), "unknown: a 16-byte header");
        assertEquals(3, new ArrayChunks(64, c -> 24, c -> 8).lead(Object[].class), "uncompressed oops: 8-byte refs");
        assertThrows(IllegalArgumentException.class, () -> new ArrayChunks(48, c -> -1, c -> -1));
    }

    @Test
    void aLineOfTheDiagnosisReachesIntoTheChunksAround() {
        assertEquals(1, compressed(64).neighbours());
        assertEquals(1, compressed(256).neighbours());
        assertEquals(2, compressed(32).neighbours());
        assertEquals(4, compressed(16).neighbours());
    }

    @Test
    void primitiveArraysAreLeftOutWhenOnlyReferenceAccessesAreHooked() {
        SideTable refs = new SideTable(1024, 0, false);
        assertFalse(refs.tracks(new int[4]));
        assertFalse(refs.tracks(new double[4]));
        assertTrue(refs.tracks(new int[4][4]), "an int[][] holds references");
        assertTrue(refs.tracks(new Object[4]));
        assertTrue(refs.tracks(new Object()));
        assertTrue(new SideTable(1024, 0, true).tracks(new int[4]));
    }

    @Test
    void isBoundedAndCountsWhatItRefuses() {
        SideTable t = new SideTable(1024, 0, true);
        List<Object> keep = new ArrayList<>();
        int refused = 0;
        for (int i = 0; i < 10_000; i++) {
            Object o = new int[1];
            keep.add(o);
            if (!t.put(o, i + 1)) {
                refused++;
            }
        }
        assertTrue(t.size() <= 1024, "size " + t.size());
        assertTrue(refused > 0);
        assertEquals(refused, t.refused());
        int found = 0;
        for (Object o : keep) {
            if (t.lookup(o) != null) {
                found++;
            }
        }
        assertEquals(t.size(), found);
    }

    @Test
    void neverKeepsObjectsAliveAndReusesTheirRoom() throws Exception {
        SideTable t = new SideTable(1024, 0, true);
        Object o = new Object();
        WeakReference<Object> ref = new WeakReference<>(o);
        t.put(o, 1);
        o = null;
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(ref.get(), "the side table kept the object alive");
        // filling the table with garbage many times over never gets refused once collected entries are dropped
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < 1000; i++) {
                t.put(new Object(), 1);
            }
            System.gc();
        }
        Object live = new Object();
        boolean stored = false;
        for (int i = 0; i < 50 && !stored; i++) {
            stored = t.put(live, 5);
            System.gc();
        }
        assertTrue(stored);
        assertNotNull(t.lookup(live));
        assertFalse(t.size() > 1024);
    }
}
