package com.numa.characterize.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.classification.Evidence;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What profiling cost an application: the profile run's wall time over the counters run's, in the evidence. */
class ProfileCostTest {
    private static RunRecord run(String configuration, String kind, long wallNs, String failure) {
        return new RunRecord("app", configuration, kind, "f", failure.isEmpty() ? 0 : 1, wallNs, List.of(wallNs), false,
                0, failure, List.of(), null);
    }

    @Test
    void theProfiledRunOverTheUnprofiledOneInItsConfiguration() {
        Map<String, RunRecord> runs = Map.of("single-counters", run("single", "counters", 2_000_000_000L, ""),
                "all-counters", run("all", "counters", 1_000_000_000L, ""),
                "single-profile", run("single", "profile", 5_000_000_000L, ""));
        assertEquals(2.5, Characterization.profileCost(runs, Configuration.SINGLE), 1e-9);
    }

    @Test
    void unknownWhenEitherRunFailed() {
        Map<String, RunRecord> runs = Map.of("single-counters", run("single", "counters", 2_000_000_000L, ""),
                "single-profile", run("single", "profile", 5_000_000_000L, "exit code 1"));
        assertTrue(Double.isNaN(Characterization.profileCost(runs, Configuration.SINGLE)));
        assertTrue(Double.isNaN(Characterization.profileCost(Map.of(), Configuration.ALL)));
    }

    @Test
    void theEvidenceLineSaysIt() {
        Evidence e = new Evidence(1, 3, 80, 4, -1, 0, 100, List.of(), false, 1_000_000, 16, 1, 0, "", 2.54, Double.NaN);
        assertTrue(e.describe().contains("profiled run 2.5x the unprofiled run's wall time"), e.describe());
        Evidence unknown = new Evidence(1, 3, 80, 4, -1, 0, 100, List.of(), false, 1_000_000, 16, 1, 0, "", Double.NaN, Double.NaN);
        assertTrue(!unknown.describe().contains("profiled run"), unknown.describe());
    }
}
