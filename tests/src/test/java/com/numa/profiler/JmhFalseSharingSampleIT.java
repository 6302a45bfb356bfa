package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.JsonFiles;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * JMH's own false-sharing sample, {@code org.openjdk.jmh.samples.JMHSample_22_FalseSharing} from
 * org.openjdk.jmh:jmh-samples (Maven Central), run in-process ({@code -f 0}) in a child JVM under the sharing
 * diagnosis. Each of its five groups runs a reader thread reading {@code readOnly} and a writer thread incrementing
 * {@code writeOnly} of one state object: {@code baseline} with the two ints side by side, {@code padded} with 16 ints
 * between them, {@code hierarchy} with 64 bytes of padding in a class between them, {@code sparse} with elements 0
 * and 64 of an int[], {@code contended} meant for {@code @Contended}.
 *
 * <p>The published jar's {@code StateContended} carries no annotation: the sample's source has its two
 * {@code @sun.misc.Contended} lines commented out (that annotation no longer exists from JDK 9 on), so its fields lie
 * side by side like {@code baseline}'s, on every JDK and with {@code -XX:-RestrictContended} too, and the diagnosis
 * reports it. That {@code @Contended} itself removes the issue is shown by {@link ContendedFieldsIT} with
 * {@code @jdk.internal.vm.annotation.Contended}.
 *
 * <p>Whether reader and writer run at the same moment is up to the scheduler (on a loaded 2-CPU machine they may
 * mostly alternate), so the threshold is set to report any false sharing: what is checked is which states have it.
 * The padded ones cannot: their words are 64 bytes or more apart, never in one line.
 */
class JmhFalseSharingSampleIT {
    private static final String SAMPLE = "org.openjdk.jmh.samples.JMHSample_22_FalseSharing";
    private static final String STATE = "org.openjdk.jmh.samples.jmh_generated.JMHSample_22_FalseSharing_";

    @Test
    void unpaddedStatesAreFalseSharingPaddedOnesAreNot() throws Exception {
        ProfiledJvm.Result r = ProfiledJvm.run("diagnose-jmh-sample-22", List.of("-XX:-RestrictContended"),
                List.of("-XX:+NUMAProfilerDiagnose", "-XX:NUMAProfilerInclude=org.openjdk.jmh.samples.**",
                        "-XX:+NUMAProfilerQuiet", SharingDiagnosisGroundTruthIT.ANY_SHARING),
                Duration.ofMinutes(5), "org.openjdk.jmh.Main", "JMHSample_22_FalseSharing", "-f", "0", "-wi", "1",
                "-i", "1", "-w", "500ms", "-r", "1s");
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertFalse(r.stderr().contains("numa: NUMAProfiler:"), "profiler reported a problem:\n" + r.diagnostics());
        for (String group : List.of("baseline", "contended", "hierarchy", "padded", "sparse")) {
            assertTrue(r.stdout().contains(SAMPLE.substring(SAMPLE.lastIndexOf('.') + 1) + "." + group + ":writer"),
                    "JMH ran " + group + ":\n" + r.stdout());
        }
        for (String state : List.of("StateBaseline", "StateContended")) {
            String type = STATE + state + "_jmhType";
            Map<String, String> fs = SharingDiagnosisGroundTruthIT.issue(r, "false-sharing", type);
            assertTrue(fs.get("fields").contains("readOnly@") && fs.get("fields").contains("writeOnly@"), fs.toString());
            String group = state.equals("StateBaseline") ? "baseline" : "contended";
            assertTrue(fs.get("threads").matches(".*\\." + group + "-jmh-worker-\\d+ wrote writeOnly@\\d+.*")
                    && fs.get("threads").matches(".*\\." + group + "-jmh-worker-\\d+ read readOnly@\\d+.*"), fs.get("threads"));
            assertTrue(fs.get("advice").contains("annotate writeOnly with @jdk.internal.vm.annotation.Contended")
                    && fs.get("advice").contains("padding"), fs.get("advice"));
        }
        for (String state : List.of("StatePadded", "StateHierarchy")) {
            String type = STATE + state + "_jmhType";
            assertTrue(SharingDiagnosisGroundTruthIT.issues(r, "false-sharing", type).isEmpty(), r.file("issues.csv"));
            JsonNode t = SharingDiagnosisGroundTruthIT.tracked(r, type);
            assertTrue(t.get("writes").asLong() > 0, t.toString()); // followed word by word, and found nothing
            assertEquals(0, t.get("false_invalidations").asDouble(), t.toString());
        }
        for (Map<String, String> row : r.csv("issues.csv")) {
            assertFalse(row.get("kind").equals("false-sharing") && row.get("type").equals("int[]"), row.toString());
        }
        // nothing else in the sample is falsely shared
        List<String> falselyShared = new ArrayList<>();
        for (Map<String, String> row : r.csv("issues.csv")) {
            if (row.get("kind").equals("false-sharing")) {
                falselyShared.add(row.get("type"));
            }
        }
        assertEquals(List.of(STATE + "StateBaseline_jmhType", STATE + "StateContended_jmhType"),
                falselyShared.stream().sorted().toList(), r.file("issues.csv"));
        JsonNode d = JsonFiles.mapper().readTree(r.file("summary.json")).get("diagnosis");
        assertTrue(d.get("tracked_objects").asLong() >= 4, d.toPrettyString());
    }
}
