package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class IntervalTest {
    @Test
    void waitsOverlappingAGcPauseLoseTheOverlap() {
        // wait 0..100, pause 40..60 inside it, pause 90..120 across its end
        List<Interval> waits = List.of(new Interval(0, 100));
        List<Interval> pauses = List.of(new Interval(40, 60), new Interval(90, 120));
        assertEquals(70, Interval.lengthOutside(waits, pauses));
    }

    @Test
    void overlappingWaitsCountOnce() {
        assertEquals(150, Interval.totalLength(List.of(new Interval(0, 100), new Interval(50, 150))));
        assertEquals(2, Interval.union(List.of(new Interval(10, 20), new Interval(0, 5), new Interval(3, 8))).size());
    }

    @Test
    void overlappingPausesAreSubtractedOnce() {
        List<Interval> pauses = List.of(new Interval(10, 30), new Interval(20, 40));
        assertEquals(70, Interval.lengthOutside(List.of(new Interval(0, 100)), pauses));
    }

    @Test
    void anIntervalCannotEndBeforeItStarts() {
        assertThrows(IllegalArgumentException.class, () -> new Interval(5, 4));
    }
}
