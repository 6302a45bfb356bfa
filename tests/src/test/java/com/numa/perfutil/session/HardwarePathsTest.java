package com.numa.perfutil.session;

import static com.numa.perfutil.session.RecordedGroupReads.id;
import static com.numa.perfutil.session.RecordedGroupReads.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.analysis.Locality;
import com.numa.characterize.analysis.PerfUtilRows;
import com.numa.core.log.NumaLog;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import com.numa.opt.CostSignal;
import com.numa.opt.OptFlags.Signal;
import com.numa.opt.SamplerWork;
import com.numa.opt.ThreadWork;
import com.numa.perfutil.counters.CoreSample;
import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.GroupReadFormat;
import com.numa.perfutil.counters.NodeCounter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The code that turns counter readings into the study's figures, fed with readings in the kernel's binary group-read
 * layout as a machine with a PMU and two sockets would return them: multiplexed groups (each with its own
 * enabled/running times), a remote-miss event, per-CPU uncore readings summed per node, Table 5's miss rates and remote
 * share through PerfUtil's CSV, and the optimizer's CPI.
 */
class HardwarePathsTest {
    private static final ThreadIdentity MAIN = new ThreadIdentity(100, "main", 1, false, ThreadRole.MAIN);
    private static final ThreadIdentity WORKER = new ThreadIdentity(101, "worker-1", 20, false, ThreadRole.APPLICATION);
    private static final ThreadIdentity GC = new ThreadIdentity(102, "GC Thread#0", -1, true, ThreadRole.JVM_INTERNAL);

    /** Four hardware counters per group, as GroupPlanner plans them; the kernel multiplexes the two groups. */
    private static final List<List<String>> GROUPS = List.of(
            List.of("instructions", "cycles", "LLC-loads", "LLC-stores"),
            List.of("LLC-load-misses", "LLC-store-misses", "node-load-misses", "node-store-misses"),
            List.of("task-clock"));

    @TempDir
    Path tmp;

    private final NumaLog log = new NumaLog(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    @Test
    void aMultiplexedGroupReadIsScaledByEnabledOverRunningAndMatchedById() {
        // the kernel may list members in any order: ids, not positions, say which value is which
        byte[] buffer = read(4_000_000, 1_000_000, new long[] {300, id(1, 2)}, new long[] {1_000, id(1, 0)},
                new long[] {50, id(1, 1)}, new long[] {7, id(1, 3)});
        long[] ids = {id(1, 0), id(1, 1), id(1, 2), id(1, 3)};
        List<CounterValue> v = GroupReadFormat.decode(GroupReadFormat.words(buffer), ids, GROUPS.get(1));
        assertEquals(new CounterValue("LLC-load-misses", 1_000, 4_000_000, 1_000_000), v.get(0));
        assertEquals(300, v.get(2).raw(), "node-load-misses: the remote-miss event");
        assertEquals(1_200.0, v.get(2).scaled(), 1e-9);
        assertEquals(25.0, v.get(3).coveragePct(), 1e-9);

        long[] wrongIds = {id(0, 0), id(1, 1), id(1, 2), id(1, 3)};
        assertThrows(IllegalStateException.class,
                () -> GroupReadFormat.decode(GroupReadFormat.words(buffer), wrongIds, GROUPS.get(1)));
        assertThrows(IllegalArgumentException.class, () -> GroupReadFormat.words(new byte[20]));
    }

    /** One thread's reads: group 0 ran {@code run0} of 10 ms, group 1 ran {@code run1}; task-clock never multiplexed. */
    private static byte[][] thread(long run0, long run1, long instructions, long cycles, long loads, long stores,
            long loadMisses, long storeMisses, long remoteLoads, long remoteStores) {
        long enabled = 10_000_000;
        return new byte[][] {
            read(enabled, run0, new long[] {instructions, id(0, 0)}, new long[] {cycles, id(0, 1)},
                    new long[] {loads, id(0, 2)}, new long[] {stores, id(0, 3)}),
            read(enabled, run1, new long[] {loadMisses, id(1, 0)}, new long[] {storeMisses, id(1, 1)},
                    new long[] {remoteLoads, id(1, 2)}, new long[] {remoteStores, id(1, 3)}),
            read(enabled, enabled, new long[] {enabled, id(2, 0)})};
    }

    private PerfUtilRows rows(String name, RecordedGroupReads reads) throws IOException {
        Path csv = tmp.resolve(name + "/perfutil.csv");
        PerfUtilSession s = new PerfUtilSession(reads, null, reads.events(), csv, 1000, log);
        assertTrue(s.round());
        return PerfUtilRows.read(csv);
    }

    @Test
    void table5MissRatesAndTheRemoteShareComeFromScaledMultiplexedCounts() throws IOException {
        // Single Node: group 0 on counters half the time, group 1 a quarter; the JVM's GC thread is not the application's
        RecordedGroupReads single = new RecordedGroupReads(GROUPS)
                .round(MAIN, thread(5_000_000, 2_500_000, 1_000, 2_000, 500, 100, 25, 5, 0, 0))
                .round(WORKER, thread(5_000_000, 2_500_000, 3_000, 6_000, 1_500, 300, 75, 15, 0, 0))
                .round(GC, thread(5_000_000, 2_500_000, 9_000, 9_000, 9_000, 9_000, 9_000, 9_000, 9_000, 9_000));
        // Dual Node: group 1 ran the whole time; 60% of load misses and 25% of store misses went to the other node
        RecordedGroupReads dual = new RecordedGroupReads(GROUPS)
                .round(MAIN, thread(5_000_000, 10_000_000, 1_000, 3_000, 500, 100, 100, 20, 60, 5))
                .round(WORKER, thread(5_000_000, 10_000_000, 3_000, 9_000, 1_500, 300, 300, 60, 180, 15));

        PerfUtilRows s = rows("single", single);
        assertEquals(25.0, s.minCoverage(), 1e-9, "the lowest coverage of any counter is carried with the figures");
        Locality l = Locality.of(s, rows("dual", dual));
        // Single: misses (25+75)*4 over loads (500+1500)*2 = 10%; stores (5+15)*4 / (100+300)*2 = 10%
        assertEquals(10.0, l.singleReadMissPct(), 1e-6);
        assertEquals(10.0, l.singleWriteMissPct(), 1e-6);
        // Dual: (100+300)*1 / (2000*2) = 10%... of loads; and 400 / 4000 = 10%: the same; stores 80 / 800 = 10%
        assertEquals(10.0, l.dualReadMissPct(), 1e-6);
        assertEquals(60.0, l.dualRemoteReadPct(), 1e-6);
        assertEquals(25.0, l.dualRemoteWritePct(), 1e-6);
        assertEquals(0.0, l.missIncreasePct(), 1e-6);
        assertTrue(l.measured());
    }

    @Test
    void withoutHardwareRowsTable5IsNotMeasured() throws IOException {
        RecordedGroupReads software = new RecordedGroupReads(List.of(List.of("task-clock")))
                .round(MAIN, read(1_000, 1_000, new long[] {1_000, id(0, 0)}));
        Locality l = Locality.of(rows("sw", software), null);
        assertTrue(Double.isNaN(l.singleReadMissPct()));
        assertTrue(Double.isNaN(l.dualRemoteReadPct()));
        assertTrue(!l.measured());
    }

    @Test
    void theOptimizersCpiIsScaledCyclesOverScaledInstructionsOfApplicationThreads() {
        List<List<String>> groups = List.of(List.of("instructions"), List.of("cycles"), List.of("task-clock"));
        RecordedGroupReads reads = new RecordedGroupReads(groups)
                // instructions counted 100%, cycles half the time: 1,500 raw cycles stand for 3,000
                .round(MAIN, read(1_000, 1_000, new long[] {1_000, id(0, 0)}),
                        read(1_000, 500, new long[] {1_500, id(1, 0)}), read(1_000, 1_000, new long[] {1_000, id(2, 0)}))
                .round(WORKER, read(1_000, 1_000, new long[] {3_000, id(0, 0)}),
                        read(1_000, 250, new long[] {750, id(1, 0)}), read(1_000, 1_000, new long[] {1_000, id(2, 0)}))
                .round(GC, read(1_000, 1_000, new long[] {1_000, id(0, 0)}),
                        read(1_000, 1_000, new long[] {90_000, id(1, 0)}), read(1_000, 1_000, new long[] {1_000, id(2, 0)}));
        SamplerWork work = new SamplerWork(reads);
        assertTrue(work.hasCycles());
        List<ThreadWork> w = work.read(List.of(MAIN, WORKER, GC));
        assertEquals(3_000.0, w.get(0).cycles(), 1e-9);
        // (3,000 + 3,000) cycles over (1,000 + 3,000) instructions; the GC thread's 90 CPI is the JVM's, not counted
        assertEquals(1.5, CostSignal.cost(Signal.CPI, w, 1_000_000, 0), 1e-9);
        assertEquals(List.of(Signal.CPI), CostSignal.candidates(Signal.AUTO, work.hasCycles(), false, false, false));
    }

    @Test
    void uncoreCountsPerCpuAreSummedPerNodeWithTheWeakestCoverage() {
        String imc = "uncore_imc_0/cas_count_read/";
        List<String> names = List.of(imc, "node-loads");
        long[] ids = {id(0, 0), id(0, 1)};
        List<CoreSample> samples = List.of(
                new CoreSample(0, 0, 1, GroupReadFormat.decode(GroupReadFormat.words(read(1_000, 1_000,
                        new long[] {400, ids[0]}, new long[] {10, ids[1]})), ids, names)),
                new CoreSample(1, 0, 1, GroupReadFormat.decode(GroupReadFormat.words(read(1_000, 500,
                        new long[] {100, ids[0]}, new long[] {20, ids[1]})), ids, names)),
                new CoreSample(8, 1, 1, GroupReadFormat.decode(GroupReadFormat.words(read(2_000, 1_000,
                        new long[] {300, ids[0]}, new long[] {30, ids[1]})), ids, names)));
        List<NodeCounter> nodes = NodeCounter.sumByNode(samples);
        NodeCounter node0 = nodes.get(0);
        assertEquals(imc, node0.event());
        assertEquals(500, node0.raw());
        assertEquals(600.0, node0.scaled(), 1e-9); // 400 + 100 * 2
        assertEquals(50.0, node0.minCoveragePct(), 1e-9);
        assertEquals(2, node0.cpus());
        NodeCounter node1Remote = nodes.get(3);
        assertEquals(1, node1Remote.node());
        assertEquals("node-loads", node1Remote.event());
        assertEquals(60.0, node1Remote.scaled(), 1e-9);
    }
}
