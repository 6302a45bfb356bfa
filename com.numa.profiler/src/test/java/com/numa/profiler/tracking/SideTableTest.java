package com.numa.profiler.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
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

    @Test
    void largeArraysGetOneWordPerChunk() {
        SideTable t = new SideTable(1024, 256, true);
        Object[] big = new Object[1000]; // 4 bytes per reference: 64 per 256-byte chunk, 16 chunks
        long[] longs = new long[100]; // 8 bytes: 32 per chunk, 4 chunks
        Object[] small = new Object[64]; // exactly one chunk
        t.put(big, 7);
        t.put(longs, 8);
        t.put(small, 9);
        SideTable.Entry e = t.lookup(big);
        assertEquals(0, e.chunkOf(0));
        assertEquals(0, e.chunkOf(63));
        assertEquals(1, e.chunkOf(64));
        assertEquals(15, e.chunkOf(999));
        assertEquals(-1, e.chunkOf(1000), "past the end: the access itself throws");
        assertEquals(-1, e.chunkOf(-1));
        assertEquals(16, e.chunkWords().length);
        assertEquals(7, e.chunkWords()[15], "untouched chunks keep the allocation word");
        e.word = 70;
        e.chunkWords()[3] = 73;
        assertEquals(73, t.lookup(big).chunkWords()[3]);
        assertEquals(7, t.lookup(big).chunkWords()[2], "chunks are independent");
        assertEquals(3, t.lookup(longs).chunkOf(99));
        assertEquals(0, t.lookup(small).chunkOf(63));
        assertEquals(-1, t.lookup(small).chunkShift);
        Object plain = new Object();
        t.put(plain, 1);
        assertEquals(0, t.lookup(plain).chunkOf(0), "a plain object is one element");
        assertEquals(-1, new SideTable(1024, 0, true).chunkShift(Object[].class, 1 << 20), "0 = one word per array");
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
