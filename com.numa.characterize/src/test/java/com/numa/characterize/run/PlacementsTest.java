package com.numa.characterize.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopologies;
import com.numa.core.topology.NumaTopology;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Table 1's configurations formed from topologies of every shape the tool meets. */
class PlacementsTest {
    private static NumaTopology machine(String cpus) {
        return new NumaTopology(List.of(new NumaNode(0, CpuSet.parseList(cpus), 0, 0)), new int[][] {{10}}, false);
    }

    @Test
    void oneRealNodeRunsSingleNodeOnlyAndSaysWhy() {
        Placements p = new Placements(machine("0-1"), true);
        assertEquals(CpuSet.parseList("0-1"), p.of(Configuration.SINGLE).cpus());
        assertEquals(List.of("numactl", "--physcpubind=0-1", "--membind=0"), p.of(Configuration.SINGLE).wrapper());
        assertEquals("auto", p.of(Configuration.SINGLE).topologySpec());
        assertNull(p.of(Configuration.DUAL));
        assertTrue(p.whyNot(Configuration.DUAL).contains("-XX:NUMATopology=2"), p.whyNot(Configuration.DUAL));
        assertNull(p.of(Configuration.ALL));
    }

    @Test
    void withKernelLocalityBoundMemoryStillTakesHintingFaults() {
        Placements p = new Placements(NumaTopologies.fromSpec("0-3/4-7", machine("0-7")), true, true);
        assertTrue(p.of(Configuration.SINGLE).wrapper().contains("--balancing"), p.of(Configuration.SINGLE).wrapper().toString());
        assertTrue(p.of(Configuration.DUAL).wrapper().contains("--balancing"), p.of(Configuration.DUAL).wrapper().toString());
        // All Nodes binds nothing: the default policy lets balancing run anyway
        assertEquals(List.of("numactl", "--physcpubind=0-7"), p.of(Configuration.ALL).wrapper());
    }

    @Test
    void twoOneCpuPseudoNodesCannotFormDualNode() {
        Placements p = new Placements(NumaTopologies.fromSpec("2", machine("0-1")), true);
        assertEquals(CpuSet.of(0), p.of(Configuration.SINGLE).cpus());
        assertEquals("0-0", p.of(Configuration.SINGLE).topologySpec(), "the child may use CPU 0 only");
        assertNull(p.of(Configuration.DUAL), "one CPU cannot be split over two nodes");
        assertTrue(p.whyNot(Configuration.DUAL).contains("split in half"));
        assertEquals(CpuSet.parseList("0-1"), p.of(Configuration.ALL).cpus());
        assertEquals("0-0/1-1", p.of(Configuration.ALL).topologySpec());
        assertEquals(List.of("numactl", "--physcpubind=0-1"), p.of(Configuration.ALL).wrapper(), "All Nodes: default memory");
    }

    @Test
    void dualNodeTakesSingleNodesCoreCountHalfFromEachNode() {
        Placements p = new Placements(NumaTopologies.fromSpec("0-3/4-7", machine("0-7")), true);
        assertEquals(CpuSet.parseList("0-3"), p.of(Configuration.SINGLE).cpus());
        assertEquals(CpuSet.parseList("0-1,4-5"), p.of(Configuration.DUAL).cpus());
        assertEquals(List.of(0, 1), p.of(Configuration.DUAL).nodes());
        assertEquals("0-1/4-5", p.of(Configuration.DUAL).topologySpec());
        assertEquals(8, p.of(Configuration.ALL).cpus().size());
    }

    @Test
    void withoutNumactlTasksetPlacesCpusAndTheNoteSaysMemoryIsNotBound() {
        Placement single = new Placements(machine("0-1"), false).of(Configuration.SINGLE);
        assertEquals(List.of("taskset", "-c", "0-1"), single.wrapper());
        assertTrue(single.note().contains("numactl"), single.note());
    }
}
