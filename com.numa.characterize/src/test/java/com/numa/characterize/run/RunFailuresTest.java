package com.numa.characterize.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.numa.core.child.ApplicationFailure;
import com.numa.core.child.JvmCrash;
import com.numa.core.io.JsonFiles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An application that fails in every run is said once, with the runs; other failures keep their own lines. */
class RunFailuresTest {
    private static final ApplicationFailure BOOM = new ApplicationFailure(1, null,
            List.of("Exception in thread \"main\" java.lang.IllegalStateException: boom", "\tat Main.main(Main.java:4)"));

    private static RunRecord failed(String config, ApplicationFailure application, String failure) {
        return new RunRecord("Main", config, "counters", "f", application == null ? 0 : application.exitCode(), 1,
                List.of(1L), false, 0, failure, List.of(), application);
    }

    @Test
    void theSameApplicationFailureIsSaidOnceWithItsRuns() {
        Map<String, RunRecord> runs = new LinkedHashMap<>();
        String said = BOOM.oneLine() + " (see single-counters/stderr.txt)";
        runs.put("Single Node", failed("single", BOOM, said));
        runs.put("All Nodes", failed("all", null, "timed out after 60 s"));
        runs.put("profiler", failed("single", BOOM, BOOM.oneLine() + " (see single-profile/stderr.txt)"));
        assertEquals(List.of("Single Node, profiler: " + said, "All Nodes: timed out after 60 s"),
                Characterization.failures(runs));
    }

    @Test
    void differentFailuresEachHaveTheirLine() {
        ApplicationFailure other = new ApplicationFailure(3, null, List.of("bye"));
        Map<String, RunRecord> runs = new LinkedHashMap<>();
        runs.put("Single Node", failed("single", BOOM, "a"));
        runs.put("Dual Node", failed("dual", other, "b"));
        assertEquals(List.of("Single Node: a", "Dual Node: b"), Characterization.failures(runs));
        assertEquals(List.of(), Characterization.failures(Map.of()));
    }

    @Test
    void runJsonKeepsTheFailure() throws Exception {
        ApplicationFailure crash = new ApplicationFailure(134, new JvmCrash("SIGSEGV (0xb)", "V [libjvm.so]", "/x/hs_err", true),
                List.of());
        for (ApplicationFailure f : java.util.Arrays.asList(BOOM, crash, null)) {
            RunRecord r = failed("single", f, "x");
            String json = JsonFiles.mapper().writeValueAsString(r);
            assertEquals(r, JsonFiles.mapper().readValue(json, RunRecord.class), json);
        }
    }
}
