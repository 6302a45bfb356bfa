package com.numa.perfutil.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.PerfUtil;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Per-core counting on an emulated two-node topology (pseudo-node 0 = CPU 0, pseudo-node 1 = CPU 1). */
class PerfCoreSamplerTest {

    static NumaTopology twoPseudoNodes() {
        return new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0), 1L << 30, 0), new NumaNode(1, CpuSet.of(1), 1L << 30, 0)),
                new int[][] {{10, 20}, {20, 10}}, true);
    }

    @Test
    void countsEveryCpuOrExplainsThePermissionNeeded() throws Exception {
        List<String> log = new ArrayList<>();
        CoreSampler s;
        try {
            s = PerfUtil.perCore(List.of("task-clock", "context-switches"), twoPseudoNodes(), log::add);
        } catch (CountersUnavailableException e) {
            // not root and no CAP_PERFMON: the documented message
            assertTrue(e.getMessage().contains("kernel.perf_event_paranoid is") && e.getMessage().contains("CAP_PERFMON"),
                    e.getMessage());
            return;
        }
        try (s) {
            List<CoreSample> first = s.sample();
            assertEquals(List.of(0, 1), first.stream().map(CoreSample::cpu).toList());
            assertEquals(List.of(0, 1), first.stream().map(CoreSample::node).toList());
            Thread burner0 = burner();
            burner0.join();
            Thread.sleep(50);
            List<CoreSample> second = s.sample();
            long total = 0;
            for (int i = 0; i < 2; i++) {
                CounterValue d = second.get(i).values().get(0).minus(first.get(i).values().get(0));
                assertTrue(d.raw() >= 0);
                total += d.raw();
                assertTrue(second.get(i).values().get(1).raw() >= first.get(i).values().get(1).raw());
            }
            assertTrue(total > 50_000_000L, "100 ms of burning show up on the CPUs: " + total);
            List<NodeCounter> nodes = NodeCounter.sumByNode(second);
            assertEquals(4, nodes.size());
            assertEquals(second.get(0).values().get(0).raw(), nodes.get(0).raw());
            assertEquals(1, nodes.get(0).cpus());
        }
        assertTrue(log.isEmpty(), log.toString());
    }

    private static Thread burner() {
        Thread t = new Thread(() -> PerfEventGroupTest.burn(100_000_000));
        t.start();
        return t;
    }

    @Test
    void nodeSumsAddCpusAndKeepTheWeakestCoverage() {
        CoreSample c0 = new CoreSample(0, 0, 1, List.of(new CounterValue("cycles", 100, 10, 5), new CounterValue("cs", 3, 10, 10)));
        CoreSample c1 = new CoreSample(1, 0, 1, List.of(new CounterValue("cycles", 300, 10, 10), new CounterValue("cs", 4, 10, 10)));
        CoreSample c2 = new CoreSample(2, 1, 1, List.of(new CounterValue("cycles", 7, 10, 0), new CounterValue("cs", 1, 10, 10)));
        List<NodeCounter> sums = NodeCounter.sumByNode(List.of(c0, c2, c1));
        assertEquals(List.of(new NodeCounter(0, "cycles", 400, 500.0, 50.0, 2), new NodeCounter(0, "cs", 7, 7.0, 100.0, 2),
                new NodeCounter(1, "cycles", 7, 0.0, 0.0, 1), new NodeCounter(1, "cs", 1, 1.0, 100.0, 1)), sums);
        CoreSample big = new CoreSample(3, 1, 1, List.of(new CounterValue("cycles", Long.MAX_VALUE - 1, 1, 1)));
        CoreSample big2 = new CoreSample(4, 1, 1, List.of(new CounterValue("cycles", 10, 1, 1)));
        assertEquals(Long.MAX_VALUE, NodeCounter.sumByNode(List.of(big, big2)).get(0).raw(), "saturates, never wraps");
    }
}
