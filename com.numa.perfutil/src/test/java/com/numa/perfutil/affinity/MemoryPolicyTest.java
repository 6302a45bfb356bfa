package com.numa.perfutil.affinity;

import com.numa.perfutil.topology.MachineTopology;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.affinity.MemoryPolicy.Mode;
import com.numa.perfutil.affinity.MemoryPolicy.Policy;
import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopologies;
import com.numa.core.topology.NumaTopology;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Memory policy is per thread: every test sets it on a dedicated thread and resets it there. */
class MemoryPolicyTest {

    @Test
    void modesMapToTheKernelConstants() {
        assertEquals(List.of(0, 1, 2, 3, 4), java.util.Arrays.stream(Mode.values()).map(Mode::mpol).toList());
    }

    @Test
    void setAndGetRoundTripThroughPseudoNodesToTheRealNode() throws Exception {
        NumaTopology real = MachineTopology.real();
        NumaTopology emulated = NumaTopologies.split(real, Math.min(2, real.usableCpus().size()));
        int last = emulated.nodeCount() - 1;
        int realOfLast = emulated.node(last).realNode();
        Policy callerBefore = MemoryPolicy.get();

        int[] boundPageNode = {-2};
        List<Policy> seen = DedicatedThread.call(() -> {
            List<Policy> out = new ArrayList<>();
            try {
                out.add(MemoryPolicy.get());
                MemoryPolicy.set(Mode.BIND, new int[] {last}, emulated);
                out.add(MemoryPolicy.get());
                boundPageNode[0] = allocateAndLocate(emulated);
                MemoryPolicy.set(Mode.PREFERRED, new int[] {0}, emulated);
                out.add(MemoryPolicy.get());
                MemoryPolicy.set(Mode.INTERLEAVE, new int[] {0, last}, emulated);
                out.add(MemoryPolicy.get());
                MemoryPolicy.set(Mode.LOCAL, new int[0], emulated);
                out.add(MemoryPolicy.get());
                MemoryPolicy.set(Mode.DEFAULT, new int[0], emulated);
                out.add(MemoryPolicy.get());
            } finally {
                MemoryPolicy.set(Mode.DEFAULT, new int[0], emulated);
            }
            return out;
        });

        assertEquals(Mode.DEFAULT, seen.get(0).mode());
        assertEquals(new Policy(Mode.BIND, sorted(realOfLast)), seen.get(1));
        assertEquals(realOfLast, boundPageNode[0], "a page touched under BIND lands on the bound real node");
        assertEquals(new Policy(Mode.PREFERRED, sorted(emulated.node(0).realNode())), seen.get(2));
        assertEquals(Mode.INTERLEAVE, seen.get(3).mode());
        assertEquals(NodeMasks.realNodes(emulated, 0, last), seen.get(3).realNodes());
        assertEquals(new Policy(Mode.LOCAL, sorted()), seen.get(4));
        assertEquals(new Policy(Mode.DEFAULT, sorted()), seen.get(5));
        assertEquals(callerBefore, MemoryPolicy.get(), "the test thread's own policy is untouched");
    }

    @Test
    void bindingToANodeWithoutMemoryGivesEinvalWithItsHint() throws Exception {
        // pseudo-node 1 claims to be backed by real node 63, which has no memory here
        NumaTopology fake = new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0), 0, 0),
                new NumaNode(1, CpuSet.of(1), 0, 63)), new int[][] {{10, 21}, {21, 10}}, true);
        NativeCallException e = assertThrows(NativeCallException.class, () -> DedicatedThread.call(() -> {
            MemoryPolicy.set(Mode.BIND, new int[] {1}, fake);
            return null;
        }));
        assertEquals(Errno.EINVAL, e.errno());
        assertEquals("set_mempolicy", e.call());
        assertTrue(e.getMessage().contains("real node(s) [63] have no memory")
                && e.getMessage().contains("nodes with memory: "), e.getMessage());
    }

    @Test
    void nodeArgumentsMustFitTheMode() {
        NumaTopology t = MachineTopology.real();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MemoryPolicy.set(Mode.BIND, new int[0], t));
        assertTrue(e.getMessage().startsWith("BIND needs at least one node index"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MemoryPolicy.set(Mode.DEFAULT, new int[] {0}, t));
        assertTrue(e.getMessage().startsWith("DEFAULT takes no nodes"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MemoryPolicy.set(Mode.INTERLEAVE, new int[] {7}, t));
        assertTrue(e.getMessage().contains("node index 7"), e.getMessage());
    }

    @Test
    void realNodeMapsBackToAnIndexOnlyWhenUnambiguous() {
        NumaTopology real = MachineTopology.real();
        assertEquals(0, MemoryPolicy.nodeIndexOf(real, real.node(0).id()));
        NumaTopology one = NumaTopologies.split(real, 1);
        assertEquals(0, MemoryPolicy.nodeIndexOf(one, one.node(0).realNode()));
        if (real.nodeCount() == 1 && real.usableCpus().size() >= 2) {
            assertEquals(-1, MemoryPolicy.nodeIndexOf(NumaTopologies.split(real, 2), real.node(0).id()),
                    "two pseudo-nodes share the one real node");
        }
        assertEquals(-1, MemoryPolicy.nodeIndexOf(real, 1000));
    }

    /** Allocates and touches a page on the calling thread; returns its real node. */
    private static int allocateAndLocate(NumaTopology t) {
        try (Memory m = new Memory(1 << 16)) {
            m.setByte(4096, (byte) 1);
            return new PageLocator(t).nodeOf(Pointer.nativeValue(m) + 4096);
        }
    }

    private static java.util.SortedSet<Integer> sorted(Integer... nodes) {
        return new java.util.TreeSet<>(List.of(nodes));
    }
}
