package com.numa.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void medianAveragesTheTwoMiddleValuesAndLowerMedianTakesTheLower() {
        assertEquals(2.5, Stats.median(4, 1, 3, 2));
        assertEquals(2, Stats.lowerMedian(4, 1, 3, 2));
        assertEquals(3, Stats.lowerMedian(5, 1, 3, 2, 4));
        assertEquals(7, Stats.lowerMedian(7));
        assertThrows(IllegalArgumentException.class, Stats::lowerMedian);
    }

    @Test
    void percentileIsTheNearestRank() {
        long[] hundred = new long[100];
        for (int i = 0; i < hundred.length; i++) {
            hundred[i] = 100 - i;
        }
        assertEquals(50, Stats.percentile(hundred, 50));
        assertEquals(99, Stats.percentile(hundred, 99));
        assertEquals(1, Stats.percentile(hundred, 0));
        assertEquals(100, Stats.percentile(hundred, 100));
        assertEquals(9, Stats.percentile(new long[] {9, 1}, 90));
    }
}
