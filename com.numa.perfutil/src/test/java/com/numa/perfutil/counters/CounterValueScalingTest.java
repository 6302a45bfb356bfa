package com.numa.perfutil.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The multiplexing arithmetic of CounterValue with scripted values (the kernel is not involved). */
class CounterValueScalingTest {

    @Test
    void neverRunningCountsZeroWithZeroCoverage() {
        CounterValue v = new CounterValue("cycles", 1234, 5_000_000, 0);
        assertEquals(0.0, v.scaled());
        assertEquals(0.0, v.coveragePct());
        assertEquals(0.0, new CounterValue("cycles", 0, 0, 0).coveragePct());
    }

    @Test
    void multiplexedCountsAreExtrapolatedToTheEnabledTime() {
        CounterValue v = new CounterValue("LLC-load-misses", 1000, 400, 100);
        assertEquals(4000.0, v.scaled(), 1e-9);
        assertEquals(25.0, v.coveragePct(), 1e-9);
        CounterValue third = new CounterValue("instructions", 10, 3, 1);
        assertEquals(30.0, third.scaled(), 1e-9);
        assertEquals(100.0 / 3, third.coveragePct(), 1e-9);
    }

    @Test
    void fullCoverageReturnsTheRawCount() {
        CounterValue v = new CounterValue("task-clock", 987_654_321L, 1_000, 1_000);
        assertEquals(987_654_321.0, v.scaled());
        assertEquals(100.0, v.coveragePct());
        // running slightly above enabled happens with clock rounding: no extrapolation, coverage capped at 100
        CounterValue over = new CounterValue("task-clock", 50, 1_000, 1_001);
        assertEquals(50.0, over.scaled());
        assertEquals(100.0, over.coveragePct());
    }

    @Test
    void largeValuesScaleWithoutOverflowOrTruncation() {
        long raw = 4_000_000_000_000_000_000L; // near Long.MAX_VALUE / 2
        CounterValue v = new CounterValue("cycles", raw, 10_000_000_000L, 1_000_000_000L);
        double expected = 4.0e19; // beyond Long.MAX_VALUE: a long multiply would have wrapped
        assertEquals(expected, v.scaled(), expected * 1e-12);
        assertTrue(v.scaled() > Long.MAX_VALUE);
        // raw × enabled overflows long (9e18 × 3e9) but the ratio is applied in floating point
        CounterValue w = new CounterValue("instructions", 9_000_000_000_000_000_000L, 3_000_000_000L, 2_000_000_000L);
        assertEquals(1.35e19, w.scaled(), 1.35e19 * 1e-12);
        // a fraction survives: no integer division
        assertEquals(1.5, new CounterValue("x", 1, 3, 2).scaled(), 1e-12);
    }

    @Test
    void differencesBetweenReadings() {
        CounterValue a = new CounterValue("cs", 10, 100, 50);
        CounterValue b = new CounterValue("cs", 25, 300, 150);
        CounterValue d = b.minus(a);
        assertEquals(new CounterValue("cs", 15, 200, 100), d);
        assertEquals(30.0, d.scaled(), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> b.minus(new CounterValue("faults", 1, 1, 1)));
    }
}
