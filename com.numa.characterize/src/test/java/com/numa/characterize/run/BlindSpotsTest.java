package com.numa.characterize.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a profile did not see reaches the category row's evidence, each with its fix. */
class BlindSpotsTest {
    private static ProfileSummary profile(boolean primitives, String jdk, String hidden) {
        return new ProfileSummary(10, 1, 5000, Map.of(), 0, 0, 1, primitives, jdk, hidden, 0);
    }

    @Test
    void aProgramCoverageProfileOnTwoCpusMissesNothing() {
        assertEquals("", Characterization.blindSpots(profile(true, "java.util.*", ""), 2, 2));
    }

    @Test
    void methodsRunAsIntrinsicsAreNamedWithWhy() {
        String unseen = Characterization.blindSpots(profile(true, "java.util.*", "Arrays.sort of primitive arrays"), 2, 2);
        assertTrue(unseen.startsWith("Arrays.sort of primitive arrays once compiled (C2 intrinsics"), unseen);
    }

    @Test
    void aBasicProfileOnOneCpuSaysAllThreeWithTheirFixes() {
        String unseen = Characterization.blindSpots(profile(false, "", ""), 1, 4);
        assertTrue(unseen.contains("primitive fields") && unseen.contains("collections, locks and atomics")
                && unseen.contains("one CPU"), unseen);
    }
}
