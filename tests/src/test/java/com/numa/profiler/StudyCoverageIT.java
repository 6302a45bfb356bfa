package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.run.Runner;
import com.numa.core.child.ChildRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The study sees what a program does: programs whose threads depend on each other only through JDK
 * classes (a synchronized HashMap, an AtomicLong) or through primitive fields, profiled as {@code numa characterize}
 * profiles them (its flags, in full and in its --quick sampling), must show their shared writes (the study's Read &amp;
 * Write Dependencies start at 1%) with few accesses of unknown owner among the workers' accesses (main's start-up
 * work goes through JDK objects made before the agent, which have no owner: the study profiles measured iterations
 * only), and print what they print without the agent.
 */
class StudyCoverageIT {
    private static final String GT = "com.numa.profiler.groundtruth.";
    private static final Duration BOUND = Duration.ofSeconds(180);
    /** numa characterize's Read &amp; Write Dependencies threshold (shared writes, % of profiled accesses). */
    private static final double READ_WRITE_DEPENDENCIES_PCT = 1;

    private static ProfiledJvm.Result profiledAsTheStudy(String name, int sampling, String main) throws Exception {
        List<String> flags = new ArrayList<>(Runner.PROFILE_COVERAGE);
        flags.addAll(List.of("-XX:+NUMAProfilerQuiet", "-XX:NUMAProfilerSampling=" + sampling));
        ProfiledJvm.Result r = ProfiledJvm.run(name, List.of(), flags, BOUND, GT + main);
        ChildRun plain = ProfiledJvm.runWithoutAgent(BOUND, GT + main);
        assertEquals(0, plain.exitCode(), plain.diagnostics());
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertEquals(plain.stdout(), r.stdout(), r.diagnostics());
        return r;
    }

    @ParameterizedTest(name = "sampling {0}")
    @ValueSource(ints = {1, 16})
    void aSynchronizedHashMapAndAnAtomicLongShowTheirSharedWritesWithFewUnknownOwners(int sampling) throws Exception {
        ProfiledJvm.Result r = profiledAsTheStudy("study-syncmap-" + sampling, sampling, "SynchronizedMapAndCounterProgram");
        String summary = r.file("summary.json");
        assertFewUnknownOwners(r, "map-worker-");
        assertTrue(r.summary("shared_write_pct") >= READ_WRITE_DEPENDENCIES_PCT, summary);
        assertSharedWrites(r, "java.util.concurrent.atomic.AtomicLong");
        assertSharedWrites(r, "java.util.HashMap$Node");
    }

    /**
     * numa vm -XX:+NUMAProfiler keeps its cheaper default, and its exit summary says what it did not see and which flag
     * sees it; under program coverage there is nothing to say, and summary.json records the coverage either way.
     */
    @Test
    void theExitSummaryNamesWhatBasicCoverageDidNotSee() throws Exception {
        ProfiledJvm.Result basic = ProfiledJvm.run("coverage-basic", List.of(), List.of(), BOUND, GT + "HashMapProgram");
        assertEquals(0, basic.exitCode(), basic.diagnostics());
        assertTrue(basic.stderr().contains("numa: NUMAProfiler: not seen: primitive fields and array elements; the JDK "
                + "classes loaded before the agent") && basic.stderr().contains("-XX:NUMAProfilerCoverage=program"),
                basic.diagnostics());
        assertTrue(basic.file("summary.json").contains("\"coverage\": \"basic\""), basic.file("summary.json"));
        assertEquals(0, basic.summary("loaded_classes_retransformed"));
        ProfiledJvm.Result all = ProfiledJvm.run("coverage-all", List.of(), List.of("-XX:NUMAProfilerAccesses=all"), BOUND,
                GT + "HashMapProgram");
        assertFalse(all.stderr().contains("primitive fields and array elements"), all.diagnostics());
        assertTrue(all.stderr().contains("not seen: the JDK classes loaded before the agent"), all.diagnostics());
        ProfiledJvm.Result program = ProfiledJvm.run("coverage-program", List.of(), Runner.PROFILE_COVERAGE, BOUND,
                GT + "HashMapProgram");
        assertFalse(program.stderr().contains("not seen"), program.diagnostics());
        assertTrue(program.file("summary.json").contains("\"jdk_classes_retransformed\": \"java.util.*,java.util.concurrent.**\""),
                program.file("summary.json"));
        assertTrue(program.summary("loaded_classes_retransformed") > 50, program.file("summary.json"));
    }

    /** The threads named {@code prefix}N made their accesses to objects of known owner: less than 5% unknown. */
    private static void assertFewUnknownOwners(ProfiledJvm.Result r, String prefix) throws Exception {
        double accesses = 0;
        double unknown = 0;
        for (Map<String, String> t : r.csv("threads.csv")) {
            if (t.get("name").startsWith(prefix)) {
                accesses += Double.parseDouble(t.get("reads")) + Double.parseDouble(t.get("writes"));
                unknown += Double.parseDouble(t.get("unknown_owner_reads")) + Double.parseDouble(t.get("unknown_owner_writes"));
            }
        }
        assertTrue(accesses > 0 && unknown < 0.05 * accesses, r.file("threads.csv"));
    }

    /** The objects of {@code type} (an allocation site of sites.csv) had shared writes. */
    private static void assertSharedWrites(ProfiledJvm.Result r, String type) throws Exception {
        Map<String, String> site = r.row("sites.csv", "type", type);
        assertTrue(Double.parseDouble(site.get("shared_writes")) > 0, () -> type + " " + site);
    }

    @ParameterizedTest(name = "sampling {0}")
    @ValueSource(ints = {1, 16})
    void amountsMovedBetweenLongFieldsUnderALockAreSharedWrites(int sampling) throws Exception {
        ProfiledJvm.Result r = profiledAsTheStudy("study-transfers-" + sampling, sampling, "LockedTransfersProgram");
        String summary = r.file("summary.json");
        assertTrue(r.summary("shared_write_pct") >= READ_WRITE_DEPENDENCIES_PCT, summary);
        assertFewUnknownOwners(r, "transfer-worker-");
        assertSharedWrites(r, "com.numa.profiler.groundtruth.LockedTransfersProgram$Account");
    }
}
