package com.numa.perfutil.topology;

import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.numa.perfutil.affinity.Affinity;
import com.numa.perfutil.affinity.DedicatedThread;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SysfsTopologyReaderTest {
    @TempDir
    Path dir;

    private FakeSysfs twoNodes() {
        return new FakeSysfs(dir).online("0-1")
                .node(0, "0-1", 1024, "10 21")
                .node(1, "2-3", 2048, "21 10");
    }

    @Test
    void readsTwoNodesWithCpusMemoryAndDistances() {
        NumaTopology t = new SysfsTopologyReader(twoNodes().root(), CpuSet.parseList("0-3")).read();

        assertFalse(t.emulated());
        assertEquals(2, t.nodeCount());
        assertEquals(new NumaNode(0, CpuSet.of(0, 1), 1024L * 1024, 0), t.node(0));
        assertEquals(new NumaNode(1, CpuSet.of(2, 3), 2048L * 1024, 1), t.node(1));
        assertEquals(10, t.distance(0, 0));
        assertEquals(21, t.distance(0, 1));
        assertEquals(21, t.distance(1, 0));
        assertEquals(1, t.nodeOfCpu(3));
    }

    @Test
    void restrictsNodesToUsableCpusAndDropsNodesWithoutAny() {
        SysfsTopologyReader partial = new SysfsTopologyReader(twoNodes().root(), CpuSet.of(1, 2));
        NumaTopology t = partial.read();
        assertEquals(CpuSet.of(1), t.node(0).cpus());
        assertEquals(CpuSet.of(2), t.node(1).cpus());

        SysfsTopologyReader firstOnly = new SysfsTopologyReader(dir, CpuSet.of(0, 1));
        NumaTopology one = firstOnly.read();
        assertEquals(1, one.nodeCount());
        assertEquals(0, one.node(0).id());
        assertEquals(10, one.distance(0, 0));
        List<NumaNode> memoryOnly = firstOnly.memoryOnlyNodes();
        assertEquals(1, memoryOnly.size());
        assertEquals(1, memoryOnly.get(0).id());
        assertEquals(2048L * 1024, memoryOnly.get(0).memoryBytes());
        assertTrue(partial.memoryOnlyNodes().isEmpty());
    }

    @Test
    void restrictsToTheRealAffinityOfTheReadingThread() throws Exception {
        assumeTrue(Affinity.affinityOf(0).containsAll(CpuSet.of(0, 1)), "needs CPUs 0 and 1");
        new FakeSysfs(dir).online("0-1").node(0, "0", 100, "10 21").node(1, "1", 100, "21 10");

        NumaTopology t = DedicatedThread.call(() -> {
            Affinity.pinThread(0, CpuSet.of(1));
            return new SysfsTopologyReader(dir).read();
        });

        assertEquals(1, t.nodeCount());
        assertEquals(1, t.node(0).id());
        assertEquals(CpuSet.of(1), t.node(0).cpus());
    }

    @Test
    void followsTheOnlineListIncludingGapsInNodeIds() {
        new FakeSysfs(dir).online("0,2")
                .node(0, "0", 100, "10 20")
                .node(1, "1", 100, "10 20 30") // offline: must be ignored
                .node(2, "1", 300, "20 10");
        NumaTopology t = new SysfsTopologyReader(dir, CpuSet.of(0, 1)).read();
        assertEquals(List.of(0, 2), t.nodes().stream().map(NumaNode::id).toList());
        assertEquals(20, t.distance(1, 0));
        assertEquals(300L * 1024, t.node(1).memoryBytes());
    }

    @Test
    void withoutOnlineFileUsesTheNodeDirectories() {
        new FakeSysfs(dir).node(0, "0", 100, "10 21").node(1, "1", 100, "21 10").file("has_cpu", "0-1\n");
        NumaTopology t = new SysfsTopologyReader(dir, CpuSet.of(0, 1)).read();
        assertEquals(2, t.nodeCount());
        assertEquals(21, t.distance(1, 0));
    }

    @Test
    void withoutNodeTreeTheMachineIsOneNodeWithAllUsableCpus() {
        NumaTopology t = new SysfsTopologyReader(dir.resolve("absent"), CpuSet.of(0, 1, 5)).read();
        assertEquals(1, t.nodeCount());
        assertEquals(CpuSet.of(0, 1, 5), t.node(0).cpus());
        assertEquals(0, t.node(0).realNode());
        assertTrue(t.node(0).memoryBytes() > 0, "memory comes from /proc/meminfo");
        assertArrayEquals(new int[] {10}, new int[] {t.distance(0, 0)});
    }

    @Test
    void malformedFilesAreNamedInTheError() {
        new FakeSysfs(dir).online("0-1").node(0, "0", 100, "10").node(1, "1", 100, "21 10");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new SysfsTopologyReader(dir, CpuSet.of(0, 1)).read());
        assertTrue(e.getMessage().contains("node0") && e.getMessage().contains("1 distance(s) for 2"), e.getMessage());

        new FakeSysfs(dir).node(0, "zero", 100, "10 21");
        e = assertThrows(IllegalStateException.class, () -> new SysfsTopologyReader(dir, CpuSet.of(0, 1)).read());
        assertTrue(e.getMessage().contains("cpulist"), e.getMessage());
    }

    @Test
    void noUsableCpuInAnyNodeIsAClearError() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new SysfsTopologyReader(twoNodes().root(), CpuSet.of(7)).read());
        assertTrue(e.getMessage().contains("(7)"), e.getMessage());
    }

    @Test
    void realMachineCoversTheCallersAffinity() {
        NumaTopology t = new SysfsTopologyReader().read();
        assertEquals(Affinity.affinityOf(0), t.usableCpus());
        for (NumaNode n : t.nodes()) {
            assertEquals(n.id(), n.realNode());
            assertFalse(n.cpus().isEmpty());
        }
        assertEquals(10, t.distance(0, 0));
    }

    @Test
    void memTotalIsReadInBothKernelFormats(@TempDir Path dir) throws Exception {
        Path node = java.nio.file.Files.writeString(dir.resolve("meminfo"),
                "Node 1 MemTotal:       4942040 kB\nNode 1 MemFree:         100 kB\n");
        assertEquals(4942040L * 1024, SysfsTopologyReader.parseMemTotal(node));
        Path proc = java.nio.file.Files.writeString(dir.resolve("proc-meminfo"), "MemTotal:\t123 kB\nMemFree: 1 kB\n");
        assertEquals(123L * 1024, SysfsTopologyReader.parseMemTotal(proc));
        Path bytes = java.nio.file.Files.writeString(dir.resolve("bytes"), "MemTotal: 4096\n");
        assertEquals(4096L, SysfsTopologyReader.parseMemTotal(bytes), "no unit: the number as it is");
        Path none = java.nio.file.Files.writeString(dir.resolve("none"), "MemFree: 1 kB\n");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SysfsTopologyReader.parseMemTotal(none));
        assertTrue(e.getMessage().contains("no MemTotal"), e.getMessage());
        Path bad = java.nio.file.Files.writeString(dir.resolve("bad"), "MemTotal: lots\n");
        e = assertThrows(IllegalStateException.class, () -> SysfsTopologyReader.parseMemTotal(bad));
        assertTrue(e.getMessage().contains("no number after MemTotal"), e.getMessage());
    }
}
