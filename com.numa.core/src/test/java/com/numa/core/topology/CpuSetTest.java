package com.numa.core.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CpuSetTest {
    @Test
    void listFormRoundTrips() {
        CpuSet s = CpuSet.parseList("0-3,8,10-11");
        assertEquals(7, s.size());
        assertEquals("0-3,8,10-11", s.toList());
        assertTrue(CpuSet.parseList("").isEmpty());
    }

    @Test
    void maskFormMatchesTheKernelBitLayout() {
        CpuSet s = CpuSet.of(0, 1, 65);
        assertArrayEquals(new long[] {0b11L, 0b10L}, s.toMask());
        assertEquals(s, CpuSet.fromMask(new long[] {0b11L, 0b10L}));
    }

    @Test
    void setAlgebra() {
        CpuSet a = CpuSet.parseList("0-3");
        CpuSet b = CpuSet.parseList("2-5");
        assertEquals("0-5", a.union(b).toList());
        assertEquals("2-3", a.intersect(b).toList());
        assertTrue(a.union(b).containsAll(a));
    }

    @Test
    void malformedListsAreRejectedWithTheExpectedForm() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuSet.parseList("0-x"));
        assertTrue(e.getMessage().contains("0-3,8"), e.getMessage());
    }
}
