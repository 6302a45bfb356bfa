package com.numa.profiler;

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
        SideTable t = new SideTable(1024);
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
    void isBoundedAndCountsWhatItRefuses() {
        SideTable t = new SideTable(1024);
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
        SideTable t = new SideTable(1024);
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
