package com.numa.opt;

import com.numa.core.feature.FeatureRegistry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagValues;
import com.numa.core.threads.ThreadRole;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real loop (sleep, collect, process, decide, act, log) driven by scripted counters and a recording placement. */
class AwarenessThreadScriptedTest {
    private static final CpuSet NODE1 = CpuSet.of(2, 3);
    private static final CpuSet ALL = CpuSet.of(0, 1, 2, 3);

    static FlagValues flags(String... extra) throws FlagException {
        List<String> a = new ArrayList<>(List.of("-XX:+NUMAOpts", "-XX:NUMAOptsInterval=10", "-XX:NUMAOptsIntervalStep=10",
                "-XX:NUMAOptsStartDelay=0"));
        a.addAll(List.of(extra));
        return FeatureRegistry.of(new OptFeature()).flagSet().parse(a);
    }

    static void await(String what, BooleanSupplier cond) throws InterruptedException {
        long end = System.nanoTime() + 30_000_000_000L;
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > end) {
                fail("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    /** Main plus six balanced workers: parallel on a node of two cores. */
    static ScriptedRun parallelRun() {
        ScriptedRun r = new ScriptedRun();
        r.add(100, ThreadRole.MAIN);
        for (int i = 0; i < 6; i++) {
            r.add(101 + i, ThreadRole.APPLICATION);
        }
        r.add(200, ThreadRole.JVM_INTERNAL);
        r.workPerRead = t -> t.role() == ThreadRole.APPLICATION ? 1000 : 10;
        return r;
    }

    @Test
    void singleThreadedWorkloadPinsEveryThreadToTheMainNodeAndNewThreadsFollow(@TempDir Path dir) throws Exception {
        ScriptedRun r = new ScriptedRun();
        r.add(100, ThreadRole.MAIN);
        r.add(101, ThreadRole.APPLICATION);
        r.add(200, ThreadRole.JVM_INTERNAL);
        r.workPerRead = t -> t.role() == ThreadRole.MAIN ? 1000 : 1;
        Path log = dir.resolve("decisions.csv");
        List<String> messages = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (AwarenessThread a = AwarenessThread.start(flags("-XX:NUMAOptsLog=" + log, "-XX:NUMAOptsSignal=allocation"), ScriptedRun.TWO_NODES,
                r.directory(), r.source(false), r.placement, messages::add)) {
            await("SINGLE_THREADED", () -> a.state() == AppState.SINGLE_THREADED);
            for (int tid : List.of(100, 101, 200)) {
                await("tid " + tid + " on node 1", () -> NODE1.equals(r.placement.affinity.get(tid)));
            }
            assertTrue(Files.exists(dir.resolve("decisions.csv.partial")), "rows go to the .partial file while running");
            assertFalse(Files.exists(log), "the named file appears complete, at exit");
            r.add(300, ThreadRole.JVM_INTERNAL); // created after the decision
            await("the new thread follows", () -> NODE1.equals(r.placement.affinity.get(300)));
            assertEquals(0, a.migrations());
        }
        assertFalse(Files.exists(dir.resolve("decisions.csv.partial")));
        List<String> lines = Files.readAllLines(log);
        assertEquals(String.join(",", IntervalRecord.HEADER), lines.get(0));
        assertTrue(lines.get(1).contains(",SINGLE_THREADED,allocation,"), lines.get(1));
        assertTrue(lines.get(1).contains(",pin-single:node1,2-3,0"), lines.get(1));
        String summary = lines.get(lines.size() - 1);
        assertTrue(summary.startsWith("# summary,intervals="), summary);
        assertTrue(summary.contains("final_state=SINGLE_THREADED") && summary.contains("work=cpu-ns"), summary);
        assertTrue(messages.stream().anyMatch(m -> m.contains("decided SINGLE_THREADED")), messages.toString());
    }

    @Test
    void parallelWorkloadIsProbedAndStaysOnAllNodesWhenCpiIsNoWorse() throws Exception {
        ScriptedRun r = parallelRun();
        r.cpiSingle = 1.0;
        r.cpiAll = 1.05;
        try (AwarenessThread a = AwarenessThread.start(flags(), ScriptedRun.TWO_NODES, r.directory(), r.source(true),
                r.placement, m -> { })) {
            await("two PARALLEL_ON_ALL_NODES decisions", () -> a.history().stream()
                    .filter(h -> h.state() == AppState.PARALLEL_ON_ALL_NODES).count() >= 2);
            List<AppState> states = a.history().stream().map(IntervalRecord::state).toList();
            assertEquals(List.of(AppState.PROBING_SINGLE_NODE, AppState.PROBING_ALL_NODES, AppState.PARALLEL_ON_ALL_NODES),
                    states.subList(0, 3));
            assertEquals("cpi", a.history().get(2).signal());
            assertEquals(1.05, a.history().get(2).cost(), 1e-9, "CPI measured in the all-nodes probe interval");
            assertEquals(List.of(NODE1, ALL), r.placement.targets.subList(0, 2));
            assertEquals(ALL, r.placement.affinity.get(200), "JVM-internal threads move too");
        }
    }

    @Test
    void parallelWorkloadSettlesOnOneNodeWhenAllNodesCostMore() throws Exception {
        ScriptedRun r = parallelRun();
        r.cpiSingle = 1.0;
        r.cpiAll = 1.5;
        try (AwarenessThread a = AwarenessThread.start(flags(), ScriptedRun.TWO_NODES, r.directory(), r.source(true),
                r.placement, m -> { })) {
            await("PARALLEL_ON_SINGLE_NODE", () -> a.state() == AppState.PARALLEL_ON_SINGLE_NODE);
            await("pinned back to node 1", () -> NODE1.equals(r.placement.affinity.get(100)));
        }
    }

    /**
     * Start-up cost: a run that ends within the start delay has had a sleeping thread and nothing else: no
     * counter was read (so no thread dump, no MXBean, no counters opened), no thread was moved, and the log it asked
     * for says that nothing was measured.
     */
    @Test
    void aRunThatEndsWithinTheStartDelayMeasuresNothingAndMovesNothing(@TempDir Path dir) throws Exception {
        ScriptedRun r = parallelRun();
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger listings = new java.util.concurrent.atomic.AtomicInteger();
        WorkSource inner = r.source(true);
        WorkSource counting = new WorkSource() {
            public String workUnit() {
                return inner.workUnit();
            }

            public boolean hasCycles() {
                return true;
            }

            public String describe() {
                return "counting";
            }

            public List<ThreadWork> read(List<com.numa.core.threads.ThreadIdentity> ts) {
                reads.incrementAndGet();
                return inner.read(ts);
            }
        };
        com.numa.core.threads.ThreadDirectory directory = () -> {
            listings.incrementAndGet();
            return r.directory().liveThreads();
        };
        Path log = dir.resolve("decisions.csv");
        List<String> messages = new java.util.concurrent.CopyOnWriteArrayList<>();
        // a delay no test run reaches: the thread is certainly still waiting when the "JVM" exits
        AwarenessThread a = AwarenessThread.start(flags("-XX:NUMAOptsStartDelay=3600000", "-XX:NUMAOptsLog=" + log),
                ScriptedRun.TWO_NODES, directory, counting, r.placement, messages::add);
        assertTrue(a.running());
        Thread.sleep(50);
        a.close();
        assertFalse(a.running());
        assertEquals(0, reads.get(), "no counter read");
        assertEquals(0, listings.get(), "no thread listed (the listing takes the thread dump)");
        assertTrue(r.placement.affinity.isEmpty(), "no thread moved: " + r.placement.affinity);
        assertEquals(AppState.UNDECIDED, a.state());
        assertNull(a.failure());
        assertTrue(messages.size() == 1 && messages.get(0).contains("measuring from 3600000 ms"), messages.toString());
        List<String> lines = Files.readAllLines(log);
        assertEquals(List.of(String.join(",", IntervalRecord.HEADER)), lines.subList(0, 1));
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(1).startsWith("# summary,intervals=0 final_state=UNDECIDED start_delay_ms=3600000 "
                + "measured=no "), lines.get(1));
    }

    /**
     * Do no harm: a parallel program that no signal argues to confine is never moved at all. Its threads keep the
     * affinity they started with (or set themselves), and no affinity call is made.
     */
    @Test
    void aParallelProgramThatIsNeverConfinedKeepsItsOwnAffinity() throws Exception {
        ScriptedRun r = parallelRun(); // CPU time without cycles: cpu-share decides, which never confines
        // cpu-share named: the scripted threads' Java ids could belong to real threads of this JVM that allocate
        try (AwarenessThread a = AwarenessThread.start(flags("-XX:NUMAOptsSignal=cpu-share"), ScriptedRun.TWO_NODES,
                r.directory(), r.source(false),
                r.placement, m -> { })) {
            await("three settled decisions", () -> a.history().stream()
                    .filter(h -> h.state() == AppState.PARALLEL_ON_ALL_NODES).count() >= 3);
            for (IntervalRecord h : a.history()) {
                if (h.state() == AppState.PARALLEL_ON_ALL_NODES) {
                    assertEquals("stay", h.action(), h.toString());
                    assertEquals("", h.cpus(), "nothing in force: the threads' own affinity");
                    assertTrue(h.reason().startsWith("cpu-share: "), h.reason());
                }
            }
            assertTrue(a.history().stream().noneMatch(h -> h.state().probe()), "not probed: " + a.history());
        }
        assertTrue(r.placement.affinity.isEmpty(), "pinned " + r.placement.affinity);
    }

    @Test
    void fakeModeDecidesAsUsualButNeverLeavesTheSingleNode() throws Exception {
        ScriptedRun r = parallelRun();
        r.cpiAll = 1.0;
        try (AwarenessThread a = AwarenessThread.start(flags("-XX:+NUMAOptsFake"), ScriptedRun.TWO_NODES, r.directory(),
                r.source(true), r.placement, m -> { })) {
            await("PARALLEL_ON_ALL_NODES decided", () -> a.state() == AppState.PARALLEL_ON_ALL_NODES);
            assertEquals(List.of(NODE1), r.placement.targets, "fake: only ever the single node");
        }
    }

    @Test
    void logOnlyModeDecidesButNeverPins() throws Exception {
        ScriptedRun r = parallelRun();
        try (AwarenessThread a = AwarenessThread.start(flags("-XX:+NUMAOptsLogOnly"), ScriptedRun.TWO_NODES,
                r.directory(), r.source(true), r.placement, m -> { })) {
            await("a settled parallel decision", () -> a.state().parallelDecision());
            assertTrue(a.history().get(0).action().startsWith("log-only:pin-single"), a.history().get(0).action());
        }
        assertTrue(r.placement.affinity.isEmpty(), "log-only pinned " + r.placement.affinity);
    }

    @Test
    void withoutThreadPlacementItDecidesButNeverPins() throws Exception {
        ScriptedRun r = parallelRun();
        List<String> messages = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (AwarenessThread a = AwarenessThread.start(flags("-XX:-NUMAOptsThreads"), ScriptedRun.TWO_NODES,
                r.directory(), r.source(true), r.placement, messages::add)) {
            await("a settled parallel decision", () -> a.state().parallelDecision());
            assertTrue(a.history().get(0).action().startsWith("log-only:pin-single"), a.history().get(0).action());
        }
        assertTrue(r.placement.affinity.isEmpty(), "-NUMAOptsThreads pinned " + r.placement.affinity);
        assertTrue(messages.get(0).contains("threads left where they are"), messages.toString());
    }

    @Test
    void oneNodeMachineStartsNothing() throws Exception {
        NumaTopology one = new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0, 1), 1L << 30, 0)), new int[][] {{10}},
                false);
        ScriptedRun r = parallelRun();
        List<String> messages = new ArrayList<>();
        int before = Thread.activeCount();
        AwarenessThread a = AwarenessThread.start(flags(), one, r.directory(), r.source(true), r.placement, messages::add);
        assertFalse(a.running());
        assertEquals(1, messages.size(), messages.toString());
        assertTrue(messages.get(0).contains("one NUMA node"), messages.get(0));
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().equals(AwarenessThread.THREAD_NAME)), "no Awareness Thread may exist");
        assertTrue(Thread.activeCount() <= before + 1);
        a.close();
        assertTrue(r.placement.affinity.isEmpty());
        assertNull(a.failure());
    }

    @Test
    void unwritableLogIsReportedAndTheOptimizerRunsOn(@TempDir Path dir) throws Exception {
        // a regular file as the log's directory: unwritable for every user, root included
        Path notADirectory = Files.writeString(dir.resolve("plain-file"), "");
        String log = notADirectory.resolve("x.csv").toString();
        ScriptedRun r = parallelRun();
        r.workPerRead = t -> t.role() == ThreadRole.MAIN ? 1000 : 1;
        List<String> messages = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (AwarenessThread a = AwarenessThread.start(flags("-XX:NUMAOptsLog=" + log),
                ScriptedRun.TWO_NODES, r.directory(), r.source(false), r.placement, messages::add)) {
            await("SINGLE_THREADED", () -> a.state() == AppState.SINGLE_THREADED);
        }
        assertTrue(messages.stream().anyMatch(m -> m.contains("cannot write the decision log")
                && m.contains(log)), messages.toString());
    }

    @Test
    void disabledFlagStartsNothingSilently() throws Exception {
        ScriptedRun r = parallelRun();
        List<String> messages = new ArrayList<>();
        AwarenessThread a = AwarenessThread.start(FeatureRegistry.of(new OptFeature()).flagSet().parse(List.of()), ScriptedRun.TWO_NODES,
                r.directory(), r.source(true), r.placement, messages::add);
        assertFalse(a.running());
        assertTrue(messages.isEmpty());
    }

    @Test
    void internalFailureTurnsTheOptimizerOffAndGivesAllCpusBack() throws Exception {
        ScriptedRun r = parallelRun();
        r.workPerRead = t -> t.role() == ThreadRole.MAIN ? 1000 : 1;
        List<String> messages = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        WorkSource inner = r.source(false);
        WorkSource failing = new WorkSource() {
            public String workUnit() {
                return inner.workUnit();
            }

            public boolean hasCycles() {
                return false;
            }

            public String describe() {
                return "failing";
            }

            public List<ThreadWork> read(List<com.numa.core.threads.ThreadIdentity> ts) {
                if (reads.incrementAndGet() > 4) {
                    throw new IllegalStateException("counter read failed");
                }
                return inner.read(ts);
            }
        };
        AwarenessThread a = AwarenessThread.start(flags(), ScriptedRun.TWO_NODES, r.directory(), failing, r.placement,
                messages::add);
        await("the failure", () -> !a.running());
        assertTrue(a.failure().contains("counter read failed"), a.failure());
        assertEquals(ALL, r.placement.affinity.get(100));
        assertEquals(1, messages.stream().filter(m -> m.contains("internal failure")).count(), messages.toString());
    }

    @Test
    void flagsHaveThePaperDefaultsAndRejectBadValues() throws Exception {
        FlagValues d = FeatureRegistry.of(new OptFeature()).flagSet().parse(List.of());
        assertEquals(200, d.get(OptFlags.INTERVAL));
        assertEquals(true, d.get(OptFlags.STABILIZE));
        assertEquals(4, d.get(OptFlags.WORKER_SHARE));
        assertEquals(80, d.get(OptFlags.MAIN_SHARE));
        assertEquals(90, d.get(OptFlags.IMBALANCE));
        assertEquals(0.15, d.get(OptFlags.MARGIN));
        assertEquals(OptFlags.MemPolicy.NONE, d.get(OptFlags.MEM_POLICY));
        FlagValues v = FeatureRegistry.of(new OptFeature()).flagSet().parse(List.of("-XX:NUMAOptsNode=least-loaded", "-XX:NUMAOptsMemPolicy=migrate",
                "-XX:NUMAOptsSignal=allocation"));
        assertEquals(OptFlags.NodeChoice.LEAST_LOADED, v.get(OptFlags.NODE));
        FlagException e = org.junit.jupiter.api.Assertions.assertThrows(FlagException.class,
                () -> FeatureRegistry.of(new OptFeature()).flagSet().parse(List.of("-XX:NUMAOptsMemPolicy=interleave")));
        assertTrue(e.getMessage().contains("none") && e.getMessage().contains("migrate"), e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(FlagException.class,
                () -> FeatureRegistry.of(new OptFeature()).flagSet().parse(List.of("-XX:NUMAOptsIntervall=100")));
        assertTrue(e.getMessage().contains("NUMAOptsInterval"), e.getMessage());
    }
}
