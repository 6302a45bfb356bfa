package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.groundtruth.ConstantsProgram;
import com.numa.profiler.groundtruth.SiteStacksProgram;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Small multi-threaded programs whose sharing is known, run in a child JVM under the agent; the counts in the output
 * files must match what the programs do.
 */
class NumaProfilerGroundTruthIT {
    private static final String GT = "com.numa.profiler.groundtruth.";
    private static final List<String> ONLY_GT = List.of("-XX:NUMAProfilerInclude=com.numa.profiler.groundtruth.**",
            "-XX:+NUMAProfilerQuiet");

    private static ProfiledJvm.Result run(String name, List<String> flags, String main, String... args) throws Exception {
        List<String> all = new java.util.ArrayList<>(ONLY_GT);
        all.addAll(flags);
        ProfiledJvm.Result r = ProfiledJvm.run(name, List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal"), all, GT + main, args);
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertTrue(!r.stderr().contains("numa: NUMAProfiler:"), "profiler reported a problem:\n" + r.diagnostics());
        return r;
    }

    private static long num(Map<String, String> row, String col) {
        return Long.parseLong(row.get(col));
    }

    private static Map<String, String> boxSite(ProfiledJvm.Result r, String method) throws Exception {
        for (Map<String, String> row : r.csv("sites.csv")) {
            if ((GT + "Box").equals(row.get("type")) && method.equals(row.get("method"))) {
                return row;
            }
        }
        throw new AssertionError("no Box site in " + method + ":\n" + r.file("sites.csv"));
    }

    @Test
    void threadPrivateObjectsAreNeverShared() throws Exception {
        ProfiledJvm.Result r = run("private", List.of(), "PrivateObjectsProgram");
        // 3 threads x (100 AASTORE + 50 x 100 x (AALOAD + PUTFIELD + GETFIELD)), and main stores 3 threads, loads them to start and to join.
        assertEquals(3 * (100 + 50 * 100 * 3) + 9, (long) r.summary("accesses"), r.file("summary.json"));
        assertEquals(0, r.summary("shared_reads"));
        assertEquals(0, r.summary("shared_writes"));
        assertEquals(0, r.summary("shared_read_pct"));
        assertEquals(0, r.summary("unknown_owner_accesses"));
        assertEquals(3 * 100, num(boxSite(r, "run"), "allocations"));
    }

    @Test
    void oneWriterManyReadersGivesSharedReadsOnly() throws Exception {
        ProfiledJvm.Result r = run("readers", List.of(), "OneWriterReadersProgram");
        long expectedShared = 3L * (1 + 2 * 100 * 50);
        assertEquals(expectedShared, (long) r.summary("shared_reads"), r.file("summary.json"));
        assertEquals(0, r.summary("shared_writes"));
        // main's own: 100 x (PUTFIELD + AASTORE), 3 constructor writes, 3 thread stores, 6 loads; readers': all shared.
        long accesses = (long) r.summary("accesses");
        assertEquals(expectedShared + 212, accesses, r.file("summary.json"));
        assertEquals(100.0 * expectedShared / accesses, r.summary("shared_read_pct"), 0.01);
        for (int i = 0; i < 3; i++) {
            Map<String, String> t = r.row("threads.csv", "name", "reader-" + i);
            assertEquals(1 + 2 * 100 * 50, num(t, "shared_reads"));
            assertEquals(num(t, "reads"), num(t, "shared_reads"));
        }
        // the box payloads are read-mostly: every shared read of a box came after its last write
        Map<String, String> box = boxSite(r, "main");
        assertEquals(3 * 100 * 50, num(box, "shared_reads"));
        assertEquals(3 * 100 * 50, num(box, "shared_reads_after_last_write"));
        // who shares them: main made them, each reader read 100 x 50 of them; main wrote them only
        // before any reader saw them, so they are read-only
        assertEquals("main<->reader-0:5000;main<->reader-1:5000;main<->reader-2:5000", box.get("sharing_threads"),
                r.file("sites.csv"));
        assertEquals("true", box.get("read_only"));
        // the matrix: each reader's accesses all went to objects owned by main (key 1)
        Map<String, String> row = r.row("access_matrix.csv", "accessor_name", "reader-0");
        assertEquals(1 + 2 * 100 * 50, num(row, "owner_1"));
    }

    @Test
    void writersTakingTurnsGiveSharedWrites() throws Exception {
        ProfiledJvm.Result r = run("turns", List.of(), "TakingTurnsProgram");
        Map<String, String> box = boxSite(r, "main");
        assertEquals(20 * 100, num(box, "writes"), r.file("sites.csv"));
        assertEquals(20 * 100, num(box, "shared_writes"));
        assertEquals(20 * 100, (long) r.summary("shared_writes"));
        assertTrue(r.summary("shared_write_pct") > 40, r.file("summary.json"));
        // round 0: writer-0 takes the boxes over from main; rounds 1-19: the writers take them from each other
        assertEquals("writer-0<->writer-1:1900;main<->writer-0:100", box.get("sharing_threads"), r.file("sites.csv"));
        assertEquals("false", box.get("read_only"));
        Map<String, String> type = r.row("types.csv", "type", GT + "Box");
        assertEquals(box.get("sharing_threads"), type.get("sharing_threads"), r.file("types.csv"));
        assertEquals("false", type.get("read_only"));
    }

    @Test
    void readOnlyStaticsRankBelowSharedDataThatIsWritten() throws Exception {
        // 7 of PMD's 10 top shared sites were <statics> of enums and constants
        ProfiledJvm.Result r = run("constants", List.of(), "ConstantsProgram");
        Map<String, String> settings = r.row("sites.csv", "type", GT + "ConstantsProgram$Settings.<statics>");
        long reads = ConstantsProgram.WORKERS * ConstantsProgram.ROUNDS * 3L;
        assertEquals(reads, num(settings, "shared_reads"), r.file("sites.csv"));
        assertEquals("true", settings.get("read_only"));
        assertEquals("main<->worker-0:3000;main<->worker-1:3000", settings.get("sharing_threads"));
        Map<String, String> colours = r.row("sites.csv", "type", GT + "ConstantsProgram$Colour.<statics>");
        assertEquals(0, num(colours, "reads"), "enum constants are static finals, folded by the JIT: not counted\n"
                + r.file("sites.csv"));
        Map<String, String> latest = r.row("sites.csv", "type", GT + "ConstantsProgram$Latest.<statics>");
        assertEquals("false", latest.get("read_only"), r.file("sites.csv"));
        assertTrue(num(latest, "shared_writes") > 0, r.file("sites.csv"));
        assertTrue(num(latest, "shared_reads") + num(latest, "shared_writes") < reads, r.file("sites.csv"));
        List<Map<String, String>> rows = r.csv("sites.csv");
        assertTrue(rows.indexOf(latest) < rows.indexOf(settings), "written shared data ranks first:\n" + r.file("sites.csv"));
        assertEquals(0, rows.indexOf(latest), r.file("sites.csv"));
    }

    @Test
    void siteDepthTellsCallersApart() throws Exception {
        ProfiledJvm.Result one = run("stacks-1", List.of(), "SiteStacksProgram");
        Map<String, String> site = boxSite(one, "make");
        assertEquals(SiteStacksProgram.FROM_A + SiteStacksProgram.FROM_B, num(site, "allocations"), one.file("sites.csv"));
        assertEquals("", site.get("stack"));
        // sampled, one allocation in each block of N consecutive ones is counted and weighs N: a run of L allocations
        // from one caller holds whole blocks (one sample each) and at most two partial ones, so it is estimated within
        // 2 (N - 1) of L
        for (int sampling : List.of(1, 2)) {
            ProfiledJvm.Result two = run("stacks-2-" + sampling, List.of("-XX:NUMAProfilerSiteDepth=2",
                    "-XX:NUMAProfilerSampling=" + sampling), "SiteStacksProgram");
            Map<String, Long> byStack = new java.util.TreeMap<>();
            for (Map<String, String> row : two.csv("sites.csv")) {
                if ((GT + "Box").equals(row.get("type"))) {
                    assertEquals("make", row.get("method"));
                    byStack.put(row.get("stack").replaceAll(":[0-9]+$", ""), num(row, "allocations"));
                }
            }
            assertEquals(java.util.Set.of(GT + "SiteStacksProgram.fromA", GT + "SiteStacksProgram.fromB"),
                    byStack.keySet(), two.file("sites.csv"));
            long fromA = byStack.get(GT + "SiteStacksProgram.fromA");
            long fromB = byStack.get(GT + "SiteStacksProgram.fromB");
            assertTrue(Math.abs(fromA - SiteStacksProgram.FROM_A) <= 2 * (sampling - 1)
                    && Math.abs(fromB - SiteStacksProgram.FROM_B) <= 2 * (sampling - 1), fromA + " " + fromB + "\n"
                    + two.file("sites.csv"));
            assertEquals(0, fromA % sampling, "each counted allocation weighs N");
            // the primitive arrays: counted by their own countdown, without a tag, sized by their length
            Map<String, Long> arrays = new java.util.TreeMap<>();
            for (Map<String, String> row : two.csv("sites.csv")) {
                if ("long[]".equals(row.get("type")) && "numbers".equals(row.get("method"))) {
                    arrays.put(row.get("stack").replaceAll(":[0-9]+$", ""), num(row, "allocations"));
                    assertEquals(num(row, "allocations") * (16 + 8 * SiteStacksProgram.LONGS), num(row, "allocated_bytes"),
                            two.file("sites.csv"));
                }
            }
            long arraysFromA = arrays.getOrDefault(GT + "SiteStacksProgram.numbersFromA", 0L);
            long arraysFromB = arrays.getOrDefault(GT + "SiteStacksProgram.numbersFromB", 0L);
            assertTrue(Math.abs(arraysFromA - SiteStacksProgram.FROM_A) <= 2 * (sampling - 1)
                    && Math.abs(arraysFromB - SiteStacksProgram.FROM_B) <= 2 * (sampling - 1), arrays + "\n"
                    + two.file("sites.csv"));
        }
        ProfiledJvm.Result three = run("stacks-3", List.of("-XX:NUMAProfilerSiteDepth=3"), "SiteStacksProgram");
        for (Map<String, String> row : three.csv("sites.csv")) {
            if ((GT + "Box").equals(row.get("type"))) {
                assertTrue(row.get("stack").matches(java.util.regex.Pattern.quote(GT) + "SiteStacksProgram\\.from[AB]:[0-9]+;"
                        + java.util.regex.Pattern.quote(GT) + "SiteStacksProgram\\.main:[0-9]+"), three.file("sites.csv"));
            }
        }
    }

    @Test
    void ownerAllocatorAndLastWriterDiffer() throws Exception {
        ProfiledJvm.Result lastWriter = run("handoff-last-writer", List.of("-XX:NUMAProfilerOwner=last-writer"), "HandoffProgram");
        ProfiledJvm.Result allocator = run("handoff-allocator", List.of("-XX:NUMAProfilerOwner=allocator"), "HandoffProgram");
        Map<String, String> lw = boxSite(lastWriter, "main");
        Map<String, String> al = boxSite(allocator, "main");
        assertEquals(100, num(lw, "shared_writes"));
        assertEquals(100, num(al, "shared_writes"));
        assertEquals(0, num(lw, "shared_reads"), lastWriter.file("sites.csv"));
        assertEquals(100 * 30, num(al, "shared_reads"), allocator.file("sites.csv"));
        assertEquals(num(lw, "reads"), num(al, "reads"));
    }

    @Test
    void arraysAndHashMapGoThroughTheSideTable() throws Exception {
        ProfiledJvm.Result r = run("hashmap", List.of("-XX:NUMAProfilerRetransform=java.util.HashMap*"), "HashMapProgram");
        assertTrue(r.summary("side_table_access_pct") > 50, r.file("summary.json"));
        Map<String, String> reader = r.row("threads.csv", "name", "map-reader-0");
        assertTrue(num(reader, "side_table_accesses") >= 200L * 20 * 2, r.file("threads.csv"));
        assertTrue(num(reader, "shared_reads") >= 200L * 20 * 2, r.file("threads.csv"));
        assertEquals(0, num(reader, "shared_writes"));
        // nodes are allocated inside the retransformed HashMap and read by the readers: shared, via the side table
        Map<String, String> nodes = r.row("types.csv", "type", "java.util.HashMap$Node");
        assertTrue(num(nodes, "allocations") >= 200, r.file("types.csv")); // the JDK's own maps count too
        assertTrue(num(nodes, "shared_reads") >= 2L * 200 * 20, r.file("types.csv"));
        // the program's own array allocation and reads in the plain side-table path
        ProfiledJvm.Result arrays = run("arrays", List.of(), "OneWriterReadersProgram");
        Map<String, String> arr = arrays.row("types.csv", "type", GT + "Box[]");
        assertEquals(3 * 100 * 50 + 100, num(arr, "reads") + num(arr, "writes"), arrays.file("types.csv"));
        assertEquals(3 * 100 * 50, num(arr, "shared_reads"));
        assertTrue(arrays.summary("side_table_access_pct") > 40);
    }

    @Test
    void predictedRemoteOnEmulatedTwoNodeTopology() throws Exception {
        ProfiledJvm.Result r = ProfiledJvm.run("remote", List.of(),
                List.of("-XX:NUMATopology=0/1", "-XX:NUMAProfilerInclude=com.numa.profiler.groundtruth.**", "-XX:+NUMAProfilerQuiet",
                        "-XX:NUMAProfilerNodeRefresh=1"), GT + "RemoteAccessProgram");
        assertEquals(0, r.exitCode(), r.diagnostics());
        Map<String, String> near = r.row("threads.csv", "name", "near");
        Map<String, String> far = r.row("threads.csv", "name", "far");
        long accesses = 1 + 2 * 100 * 20;
        assertEquals(accesses, num(far, "reads"));
        assertEquals(accesses, num(far, "predicted_remote"), r.file("threads.csv"));
        assertEquals(0, num(near, "predicted_remote"), r.file("threads.csv"));
        assertTrue(r.file("summary.json").contains("\"emulated_topology\": true"));
    }

    @Test
    void explicitGcThresholdAndMBeanWindow() throws Exception {
        ProfiledJvm.Result gc = run("explicit-gc", List.of("-XX:NUMAProfilerExplicitGCThreshold=2"), "ExplicitGcProgram");
        assertEquals(100 * 100, num(boxSite(gc, "main"), "reads"), gc.file("sites.csv"));
        assertEquals(2, (long) gc.summary("explicit_gcs_seen"));
        ProfiledJvm.Result mbean = run("mbean", List.of("-XX:NUMAProfilerExplicitGCThreshold=2", "-XX:+NUMAProfilerMBean"), "ExplicitGcProgram", "mbean");
        assertEquals(100 * 100 + 3 * 100, num(boxSite(mbean, "main"), "reads"), mbean.file("sites.csv"));
    }

    @Test
    void methodEntriesOpenAndCloseTheWindow() throws Exception {
        ProfiledJvm.Result r = run("method-window", List.of("-XX:NUMAProfilerStartAt=" + GT + "ExplicitGcProgram.beginMeasure",
                "-XX:NUMAProfilerStopAt=" + GT + "ExplicitGcProgram.endMeasure"), "ExplicitGcProgram");
        assertEquals(10 * 100, num(boxSite(r, "main"), "reads"), r.file("sites.csv")); // phase 1 only
    }

    @Test
    void samplingScalesCountsAndSaysSo() throws Exception {
        ProfiledJvm.Result r = run("sampled", List.of("-XX:NUMAProfilerSampling=64"), "OneWriterReadersProgram");
        double expected = 3.0 * (1 + 2 * 100 * 50);
        double shared = r.summary("shared_reads");
        assertEquals(expected, shared, 3 * 64, r.file("summary.json"));
        assertEquals(0, (long) shared % 64);
        assertTrue(r.file("summary.json").contains("\"sampled\": true"));
    }
}
