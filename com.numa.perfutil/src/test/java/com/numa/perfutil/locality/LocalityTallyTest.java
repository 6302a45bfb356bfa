package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalityTallyTest {

    @Test
    void everyViewIsASumOverTheSameCells() {
        LocalityTally t = new LocalityTally();
        for (int i = 0; i < 30; i++) {
            t.add(1, MemoryRanges.HEAP, 0, 1); // thread 1 on node 0 reads node 1's heap: remote
        }
        for (int i = 0; i < 10; i++) {
            t.add(2, MemoryRanges.HEAP, 1, 1); // thread 2 on node 1: local
        }
        t.add(2, MemoryRanges.THREAD_STACKS, 1, 1);
        t.addUnresolved(1, 1);
        assertEquals(new LocalityTally.Split(11, 30), t.total());
        assertEquals(1.0, t.byThread().get(1).remoteShare());
        assertEquals(0.0, t.byThread().get(2).remoteShare());
        assertEquals(new LocalityTally.Split(10, 30), t.byRange().get(MemoryRanges.HEAP));
        assertEquals(Map.of(1, 40L), t.byPageNode(MemoryRanges.HEAP));
        assertEquals(Map.of(1, 41L), t.byPageNode(null));
        assertEquals(Map.of(1, 1L), t.unresolved());
        assertEquals(3, t.cells().size());
    }

    @Test
    void noSamplesIsNotAShare() {
        assertTrue(Double.isNaN(new LocalityTally().total().remoteShare()));
    }
}
