package com.numa.perfutil.topology;

import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import com.numa.core.topology.NumaTopologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NumaTopologiesTest {
    @TempDir
    Path dir;

    /** A real-looking machine: node 0 = CPUs 0-3 with 4 MiB, node 1 = CPUs 4-7 with 8 MiB. */
    private NumaTopology twoSockets() {
        new FakeSysfs(dir).online("0-1").node(0, "0-3", 4096, "10 21").node(1, "4-7", 8192, "21 10");
        return new SysfsTopologyReader(dir, CpuSet.parseList("0-7")).read();
    }

    @Test
    void twoSplitsTheMachinesCpus0And1IntoTwoPseudoNodes() {
        NumaTopology real = MachineTopology.real();
        assumeTrue(real.usableCpus().equals(CpuSet.of(0, 1)), "the development machine has CPUs 0-1 usable");

        NumaTopology t = MachineTopology.fromSpec("2");

        assertTrue(t.emulated());
        assertEquals(2, t.nodeCount());
        assertEquals(CpuSet.of(0), t.node(0).cpus());
        assertEquals(CpuSet.of(1), t.node(1).cpus());
        for (int i = 0; i < 2; i++) {
            assertEquals(i, t.node(i).id());
            assertEquals(real.node(real.nodeOfCpu(i)).id(), t.node(i).realNode());
            assertEquals(real.node(0).memoryBytes() / 2, t.node(i).memoryBytes());
        }
        assertEquals(10, t.distance(1, 1));
        assertEquals(21, t.distance(0, 1));
        assertEquals(1, t.nodeOfCpu(1));
    }

    @Test
    void countSplitsInCpuOrderWithTheRemainderFirstAndMajorityRealNode() {
        NumaTopology t = NumaTopologies.fromSpec("3", twoSockets());
        assertEquals(List.of(CpuSet.parseList("0-2"), CpuSet.parseList("3-5"), CpuSet.parseList("6-7")),
                t.nodes().stream().map(NumaNode::cpus).toList());
        // CPUs 3-5: one on real node 0, two on real node 1
        assertEquals(List.of(0, 1, 1), t.nodes().stream().map(NumaNode::realNode).toList());
        assertEquals(4096L * 1024, t.node(0).memoryBytes());
        assertEquals(8192L * 1024 / 2, t.node(2).memoryBytes());
    }

    @Test
    void explicitListsBecomePseudoNodes() {
        NumaTopology t = NumaTopologies.fromSpec(" 0-1,4/2-3 ", twoSockets());
        assertEquals(2, t.nodeCount());
        assertEquals(CpuSet.of(0, 1, 4), t.node(0).cpus());
        assertEquals(CpuSet.of(2, 3), t.node(1).cpus());
        assertEquals(0, t.node(1).realNode());
        assertEquals(CpuSet.of(0, 1, 2, 3, 4), t.usableCpus());
        // a tie (one CPU on each real node) goes to the lower real node
        assertEquals(0, NumaTopologies.fromSpec("3-4/5-5", twoSockets()).node(0).realNode());
        assertEquals(1, NumaTopologies.fromSpec("3-4/5-5", twoSockets()).node(1).realNode());
    }

    @Test
    void autoIsTheRealTopology() {
        NumaTopology real = twoSockets();
        assertSame(real, NumaTopologies.fromSpec("auto", real));
        assertSame(real, NumaTopologies.fromSpec("AUTO", real));
    }

    @Test
    void badSpecsNameTheSpecTheProblemAndTheValidForms() {
        NumaTopology real = twoSockets();
        assertBad("9", real, "9 pseudo-nodes need at least 9 CPUs but this process may use only 8 (0-7)");
        assertBad("0", real, "at least 1");
        assertBad("", real, "empty");
        assertBad("two", real, "pseudo-node 0 'two' is not a CPU list");
        assertBad("0-1/1-2", real, "CPU 1 is in both pseudo-node 0 and pseudo-node 1");
        assertBad("0/8-9", real, "pseudo-node 1 names CPU(s) 8-9 that this process may not use (usable: 0-7)");
        assertBad("0//1", real, "pseudo-node 1 has no CPUs");
        assertBad("0/", real, "pseudo-node 1 has no CPUs");
    }

    private static void assertBad(String spec, NumaTopology real, String problem) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NumaTopologies.fromSpec(spec, real));
        String m = e.getMessage();
        assertTrue(m.startsWith("bad -XX:NUMATopology=" + spec + ": "), m);
        assertTrue(m.contains(problem), m);
        assertTrue(m.endsWith("Valid forms: " + NumaTopologies.VALID_FORMS), m);
    }
}
