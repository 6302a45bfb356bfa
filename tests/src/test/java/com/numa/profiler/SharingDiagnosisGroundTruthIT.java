package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.JsonFiles;
import com.numa.profiler.groundtruth.ParkingWorkersProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sharing diagnosis (-XX:+NUMAProfilerDiagnose) on ground-truth programs whose sharing is known exactly, run in a
 * child JVM under the agent: the threads take turns ({@code groundtruth.Turns}), so every invalidation is determined
 * by the program, not by the scheduler, and the counts are asserted exactly. The thresholds are set to report any
 * sharing at all: these tests check what is found and where, and that nothing is found where there is nothing.
 */
class SharingDiagnosisGroundTruthIT {
    private static final String GT = "com.numa.profiler.groundtruth.";
    static final String ANY_SHARING = "-XX:NUMAProfilerDiagnoseThresholds=false-sharing=0,true-sharing=0,"
            + "duplication-candidate=1,remote=1";

    static ProfiledJvm.Result diagnose(String name, List<String> flags, String main) throws Exception {
        List<String> all = new ArrayList<>(List.of("-XX:+NUMAProfilerDiagnose",
                "-XX:NUMAProfilerInclude=com.numa.profiler.groundtruth.**", "-XX:+NUMAProfilerQuiet", ANY_SHARING));
        all.addAll(flags);
        ProfiledJvm.Result r = ProfiledJvm.run(name, List.of("-XX:+UnlockDiagnosticVMOptions",
                "-XX:+BytecodeVerificationLocal"), all, GT + main);
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertFalse(r.stderr().contains("numa: NUMAProfiler:"), "profiler reported a problem:\n" + r.diagnostics());
        return r;
    }

    /** The issues of {@code kind} on objects of {@code type}. */
    static List<Map<String, String>> issues(ProfiledJvm.Result r, String kind, String type) throws Exception {
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, String> row : r.csv("issues.csv")) {
            if (row.get("kind").equals(kind) && row.get("type").equals(type)) {
                out.add(row);
            }
        }
        return out;
    }

    static Map<String, String> issue(ProfiledJvm.Result r, String kind, String type) throws Exception {
        List<Map<String, String>> found = issues(r, kind, type);
        assertEquals(1, found.size(), "one " + kind + " issue on " + type + " expected in:\n" + r.file("issues.csv"));
        return found.get(0);
    }

    /** summary.json's entry for the tracked objects of {@code type}. */
    static JsonNode tracked(ProfiledJvm.Result r, String type) throws Exception {
        JsonNode d = JsonFiles.mapper().readTree(r.file("summary.json")).get("diagnosis");
        for (JsonNode n : d.get("tracked_sites")) {
            if (n.get("type").asText().equals(type)) {
                return n;
            }
        }
        throw new AssertionError("no tracked " + type + " in " + d.toPrettyString());
    }

    /** Of the 8 places an 8-byte aligned object can start in a 64-byte line, in how many are offsets a and b in one. */
    static int placementsSharing(long a, long b) {
        int n = 0;
        for (int p = 0; p < 8; p++) {
            if ((a + 8 * p) / 64 == (b + 8 * p) / 64) {
                n++;
            }
        }
        return n;
    }

    private static long offsetOf(String fields, String name) {
        for (String f : fields.split(", ")) {
            if (f.startsWith(name + "@")) {
                return Long.parseLong(f.substring(name.length() + 1));
            }
        }
        throw new AssertionError("no " + name + " in " + fields);
    }

    @Test
    void adjacentFieldsAreFalseSharingAndFieldsApartAreNot() throws Exception {
        ProfiledJvm.Result r = diagnose("diagnose-fields", List.of(), "AdjacentFieldsProgram");
        String adjacent = GT + "AdjacentFieldsProgram$Adjacent";
        Map<String, String> fs = issue(r, "false-sharing", adjacent);
        String fields = fs.get("fields");
        long a = offsetOf(fields, "a");
        long b = offsetOf(fields, "b");
        assertTrue(Math.abs(a - b) < 64, fields);
        assertTrue(fs.get("threads").contains("adjacent-0 wrote a@" + a), fs.get("threads"));
        assertTrue(fs.get("threads").contains("adjacent-1 wrote b@" + b), fs.get("threads"));
        assertTrue(fs.get("advice").contains("@jdk.internal.vm.annotation.Contended")
                && fs.get("advice").contains("-XX:-RestrictContended") && fs.get("advice").contains("padding"), fs.get("advice"));
        // Followed from the first write that follows another thread's (adjacent-1's first): from then on every write
        // but that one finds the other thread's copy, in the placements that put a and b in one line.
        double expected = (2.0 * 20_000 - 2) * placementsSharing(a, b) / 8;
        assertEquals(expected, tracked(r, adjacent).get("false_invalidations").asDouble(), 0.5, r.file("summary.json"));
        assertEquals(0, tracked(r, adjacent).get("true_invalidations").asDouble(), r.file("summary.json"));
        assertTrue(issues(r, "true-sharing", adjacent).isEmpty(), r.file("issues.csv"));

        // 128 bytes apart: tracked (written after sharing) and never in one line
        String apart = GT + "AdjacentFieldsProgram$Apart";
        JsonNode t = tracked(r, apart);
        assertEquals(2 * 20_000 - 1, t.get("writes").asLong(), t.toString());
        assertEquals(0, t.get("false_invalidations").asDouble(), t.toString());
        assertTrue(issues(r, "false-sharing", apart).isEmpty(), r.file("issues.csv"));

        // the turn word is written by both threads: true sharing, which padding cannot fix
        Map<String, String> turn = issues(r, "true-sharing", GT + "Turns").get(0);
        assertTrue(turn.get("fields").startsWith("turn@"), turn.toString());
        assertTrue(turn.get("advice").contains("padding cannot help"), turn.get("advice"));
    }

    @Test
    void oneAtomicLongIncrementedByTwoThreadsIsTrueSharing() throws Exception {
        ProfiledJvm.Result r = diagnose("diagnose-counter", List.of(), "SharedCounterProgram");
        String type = "java.util.concurrent.atomic.AtomicLong";
        Map<String, String> ts = issue(r, "true-sharing", type);
        assertTrue(ts.get("fields").startsWith("value@"), ts.toString());
        assertTrue(ts.get("threads").contains("counter-0 wrote value@") && ts.get("threads").contains("counter-1 wrote value@"),
                ts.get("threads"));
        assertTrue(ts.get("advice").contains("LongAdder"), ts.get("advice"));
        assertTrue(ts.get("site").startsWith(GT + "SharedCounterProgram.main"), ts.get("site"));
        // followed from counter-1's first increment; every later one invalidates the other thread's copy of the same
        // word, in every placement
        assertEquals(2.0 * 20_000 - 2, tracked(r, type).get("true_invalidations").asDouble(), 0.5, r.file("summary.json"));
        assertEquals(0, tracked(r, type).get("false_invalidations").asDouble());
        assertTrue(issues(r, "false-sharing", type).isEmpty(), r.file("issues.csv"));
    }

    /**
     * Four threads hammering one AtomicLong, diagnosed as numa diagnose runs (program coverage): its single
     * word is true sharing only, and no advice asks to annotate or pad the JDK's class.
     */
    @Test
    void aHammeredAtomicLongIsTrueSharingOnlyAndItsAdviceLeavesTheJdkClassAlone() throws Exception {
        ProfiledJvm.Result r = diagnose("diagnose-hammered", List.of("-XX:NUMAProfilerCoverage=program"),
                "HammeredCounterProgram");
        String type = "java.util.concurrent.atomic.AtomicLong";
        Map<String, String> ts = issue(r, "true-sharing", type);
        assertTrue(ts.get("fields").startsWith("value@"), ts.toString());
        assertTrue(ts.get("advice").contains("LongAdder"), ts.get("advice"));
        assertTrue(issues(r, "false-sharing", type).isEmpty(), r.file("issues.csv"));
        assertEquals(0, tracked(r, type).get("false_invalidations").asDouble(), r.file("summary.json"));
        for (String kind : List.of("false-sharing", "true-sharing")) {
            for (Map<String, String> i : issues(r, kind, type)) {
                assertFalse(i.get("advice").contains("annotate") || i.get("advice").contains("@Contended"), i.toString());
            }
        }
    }

    @Test
    void aReadOnlySharedTableIsADuplicationCandidate() throws Exception {
        ProfiledJvm.Result r = diagnose("diagnose-table", List.of(), "ReadOnlyTableProgram");
        Map<String, String> dup = issue(r, "duplication-candidate", "int[]");
        assertTrue(dup.get("site").startsWith(GT + "ReadOnlyTableProgram.main"), dup.toString());
        for (int k = 0; k < 3; k++) {
            assertTrue(dup.get("threads").contains("reader-" + k + " " + 100 * 4096 + " shared reads"), dup.get("threads"));
        }
        assertTrue(dup.get("advice").contains("own copy"), dup.get("advice"));
        assertTrue(dup.get("evidence").startsWith(3 * 100 * 4096 + " reads after the last write"), dup.get("evidence"));
        // never written once shared: nothing to follow word by word
        for (String kind : List.of("false-sharing", "true-sharing")) {
            assertTrue(issues(r, kind, "int[]").isEmpty(), r.file("issues.csv"));
        }
    }

    @Test
    void neighbouringElementsOfALongArrayAreFalseSharingWithTheirIndexRanges() throws Exception {
        ProfiledJvm.Result r = diagnose("diagnose-elements", List.of(), "AdjacentElementsProgram");
        List<Map<String, String>> fs = issues(r, "false-sharing", "long[]");
        assertEquals(1, fs.size(), r.file("issues.csv"));
        Map<String, String> blocks = fs.get(0);
        assertTrue(blocks.get("site").contains("AdjacentElementsProgram.main"), blocks.toString());
        assertEquals("[0..7]", blocks.get("fields"), blocks.toString());
        assertEquals("blocks-0 wrote [0..3]; blocks-1 wrote [4..7]", blocks.get("threads"));
        assertTrue(blocks.get("advice").contains("64 bytes apart"), blocks.get("advice"));
        // the spaced array (elements 0 and 16, 128 bytes apart): each of its cache lines has one writer, so the
        // profiler never sees it shared and the diagnosis never follows it
        JsonNode d = JsonFiles.mapper().readTree(r.file("summary.json")).get("diagnosis");
        int arrays = 0;
        for (JsonNode n : d.get("tracked_sites")) {
            if (n.get("type").asText().equals("long[]")) {
                arrays++;
                assertFalse(n.get("false_sharing_fields").asText().isEmpty(), n.toString());
            }
        }
        assertEquals(1, arrays, d.toPrettyString());
    }

    @Test
    void objectsHandedOverToOneThreadAreNotFollowed() throws Exception {
        for (String program : List.of("HandoffProgram", "HandOverCountersProgram")) {
            ProfiledJvm.Result r = diagnose("diagnose-" + program, List.of(), program);
            JsonNode d = JsonFiles.mapper().readTree(r.file("summary.json")).get("diagnosis");
            assertEquals(0, d.get("tracked_objects").asLong(), program + ": " + d.toPrettyString());
            for (Map<String, String> row : r.csv("issues.csv")) {
                assertFalse(row.get("kind").endsWith("-sharing"), program + ": " + row);
            }
        }
    }

    @Test
    void threadsThatParkOftenAreAThreadMigrationIssue() throws Exception {
        ProfiledJvm.Result r = diagnose("diagnose-parking", List.of(), "ParkingWorkersProgram");
        List<Map<String, String>> m = new ArrayList<>();
        for (Map<String, String> row : r.csv("issues.csv")) {
            if (row.get("kind").equals("thread-migration")) {
                m.add(row);
            }
        }
        assertEquals(1, m.size(), r.file("issues.csv")); // at the default threshold
        for (int k = 0; k < 3; k++) {
            java.util.regex.Matcher waits = java.util.regex.Pattern.compile(
                    "parker-" + k + " (\\d+) contended enters, (\\d+) waits").matcher(m.get(0).get("threads"));
            assertTrue(waits.find(), m.get(0).get("threads"));
            // the program takes no monitor; the JDK's own code around a thread's start and end may (JDK 25: one)
            assertTrue(Long.parseLong(waits.group(1)) <= 2, m.get(0).get("threads"));
            // every park is a wait, plus the tail's sleep; a sampler starved by a busy machine may still read late
            long counted = Long.parseLong(waits.group(2));
            assertTrue(counted <= ParkingWorkersProgram.PARKS + 1 && counted >= ParkingWorkersProgram.PARKS / 2,
                    m.get(0).get("threads"));
        }
        assertTrue(m.get(0).get("advice").contains("-XX:+NUMAOpts"), m.get(0).get("advice"));
        JsonNode d = JsonFiles.mapper().readTree(r.file("summary.json")).get("diagnosis");
        assertTrue(d.get("parallel_share").asDouble() > 0, d.toPrettyString());
        assertEquals(Double.parseDouble(m.get(0).get("score")), d.get("thread_migration_score").asDouble(),
                0.001 * d.get("thread_migration_score").asDouble() + 0.01);
    }

    @Test
    void threadTypesThatDoUnequalWorkTogetherAreAnImbalance() throws Exception {
        ProfiledJvm.Result r = diagnose("diagnose-uneven", List.of(), "UnevenWorkersProgram");
        Map<String, String> i = issue(r, "imbalance", "big-#; small-#");
        // 2 accesses per step, plus a few to start each thread
        assertEquals(4.0, Double.parseDouble(i.get("score")), 0.01, i.toString());
        assertTrue(i.get("threads").startsWith("big-#: 1 threads, 66.7% of accesses"), i.get("threads"));
        assertTrue(i.get("advice").endsWith("for the same 3 threads: big-# 2; small-# 1"), i.get("advice"));
    }

    @Test
    void remoteAccessesOnAnEmulatedTwoNodeTopology() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2,
                "needs 2 CPUs for 2 pseudo-nodes");
        ProfiledJvm.Result r = diagnose("diagnose-remote", List.of("-XX:NUMATopology=0/1", "-XX:NUMAProfilerNodeRefresh=1"),
                "RemoteAccessProgram");
        Map<String, String> remote = issue(r, "remote", GT + "Box");
        // far's reads of the boxes' fields (its reads of the array are the array's site's)
        assertEquals("far " + 100 * 20 + " remote", remote.get("threads"));
        assertTrue(remote.get("evidence").startsWith(100 * 20 + " remote of " + 2 * 100 * 20 + " accesses"),
                remote.get("evidence"));
        assertTrue(issue(r, "remote", GT + "Box[]").get("threads").equals("far " + 100 * 20 + " remote"),
                r.file("issues.csv"));
    }
}
