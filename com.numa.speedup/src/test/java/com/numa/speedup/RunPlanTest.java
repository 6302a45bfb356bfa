package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunPlanTest {
    private static final List<String> ARGS = List.of("-cp", "app.jar", "Main", "--threads={threads}");

    @Test
    void replacesThePlaceholderAndSortsCounts() throws Exception {
        RunPlan p = RunPlan.of(List.of(4, 1, 2, 2), ARGS, 3);
        assertEquals(List.of(1, 2, 4), p.threadCounts());
        assertEquals(List.of("-cp", "app.jar", "Main", "--threads=4"), p.argumentsFor(4));
    }

    @Test
    void badInputIsOneLine() {
        String noOne = assertThrows(RunPlan.BadInput.class, () -> RunPlan.of(List.of(2, 4), ARGS, 1)).getMessage();
        assertTrue(noOne.contains("must include 1"), noOne);
        String noPlaceholder = assertThrows(RunPlan.BadInput.class,
                () -> RunPlan.of(List.of(1, 2), List.of("-cp", "app.jar", "Main", "8"), 1)).getMessage();
        assertTrue(noPlaceholder.contains("{threads}"), noPlaceholder);
        assertThrows(RunPlan.BadInput.class, () -> RunPlan.of(List.of(1, 0), ARGS, 1));
        assertThrows(RunPlan.BadInput.class, () -> RunPlan.of(List.of(1), ARGS, 1));
        assertThrows(RunPlan.BadInput.class, () -> RunPlan.of(List.of(1, 2), ARGS, 0));
        assertThrows(RunPlan.BadInput.class, () -> RunPlan.of(List.of(1, 2), List.of(), 1));
        for (String m : List.of(noOne, noPlaceholder)) {
            assertTrue(!m.contains("\n"), m);
        }
    }

    @Test
    void flatTimeAndFlatThreadCountMeanTheArgumentIsIgnored() {
        Map<Integer, Long> flat = Map.of(1, 1000L, 2, 1040L, 4, 980L);
        assertTrue(IgnoredThreadCount.check(flat, Map.of(1, 2, 2, 2, 4, 2)).isPresent());
        // a global lock keeps the run time but not the thread count
        assertTrue(IgnoredThreadCount.check(flat, Map.of(1, 1, 2, 2, 4, 4)).isEmpty());
        // a fixed pool that does scale with some other knob is not flagged
        assertTrue(IgnoredThreadCount.check(Map.of(1, 1000L, 2, 600L), Map.of(1, 2, 2, 2)).isEmpty());
        // slower at more threads (a loaded machine) is still not faster: flagged when the thread count is flat
        assertTrue(IgnoredThreadCount.check(Map.of(1, 1000L, 2, 2000L), Map.of(1, 2, 2, 2)).isPresent());
        assertTrue(IgnoredThreadCount.check(Map.of(1, 1000L, 2, 2000L), Map.of(1, 1, 2, 2)).isEmpty());
    }
}
