package com.numa.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The bench driver's choice of modes and the order it runs them in. */
class AppsProfilerSlowdownTest {
    @Test
    void theRunsChangeTheOrderOfTheModesSoNoModeAlwaysFollowsTheSameOne() {
        List<String> modes = List.of("without", "sampled64", "sampled64-base");
        assertEquals(modes, AppsProfilerSlowdown.inRunOrder(modes, 0));
        assertEquals(List.of("sampled64-base", "sampled64", "without"), AppsProfilerSlowdown.inRunOrder(modes, 1),
                "the second run reverses the first: an A/B pair runs both ways round");
        Set<List<String>> orders = new HashSet<>();
        for (int r = 0; r < 6; r++) {
            List<String> order = AppsProfilerSlowdown.inRunOrder(modes, r);
            assertEquals(Set.copyOf(modes), Set.copyOf(order), "every mode runs once a run: " + order);
            orders.add(order);
        }
        assertEquals(6, orders.size(), "three modes take all six orders in six runs: " + orders);
        List<String> pair = List.of("a", "b");
        for (int r = 0; r < 6; r += 2) {
            assertEquals(Set.of(pair, List.of("b", "a")), Set.of(AppsProfilerSlowdown.inRunOrder(pair, r),
                    AppsProfilerSlowdown.inRunOrder(pair, r + 1)), "runs " + r + " and " + (r + 1));
        }
        assertEquals(List.of("alone"), AppsProfilerSlowdown.inRunOrder(List.of("alone"), 5));
    }

    @Test
    void theModesAreTheNamedOnesInOrderAndAnUnknownNameSaysWhichAreKnown() {
        assertEquals(List.of("without", "sampled64"),
                new ArrayList<>(AppsProfilerSlowdown.modes("without,sampled64", null).keySet()));
        assertEquals(List.of("without", "full", "sampled64"),
                new ArrayList<>(AppsProfilerSlowdown.modes(null, null).keySet()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AppsProfilerSlowdown.modes("without,sampled32", null));
        assertTrue(e.getMessage().contains("sampled32") && e.getMessage().contains("sampled64"), e.getMessage());
        assertTrue(e.getMessage().contains("-base"), "says how to get the -base modes: " + e.getMessage());
    }
}
