package com.numa.perfutil.affinity;

import com.numa.perfutil.topology.MachineTopology;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.perfutil.threads.ProcTasks;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaTopology;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AffinityTest {
    private static final int SAMPLES = 20_000;

    private NumaTopology topology;

    @BeforeEach
    void twoPseudoNodes() {
        assumeTrue(Affinity.affinityOf(0).containsAll(CpuSet.of(0, 1)), "needs CPUs 0 and 1");
        topology = MachineTopology.fromSpec("0/1");
    }

    @Test
    void threadPinnedToPseudoNodeRunsOnlyOnItsCpus() throws Exception {
        for (int node : new int[] {1, 0}) {
            String[] result = DedicatedThread.call(() -> {
                int tid = LinuxSyscalls.gettid();
                Affinity.pinThreadToNodes(tid, topology, node);
                Set<Integer> cpus = new TreeSet<>();
                Set<Integer> nodes = new TreeSet<>();
                for (int i = 0; i < SAMPLES; i++) {
                    cpus.add(Affinity.currentCpu());
                    nodes.add(Affinity.currentNode(topology));
                    if (i % 500 == 0) {
                        Thread.yield();
                    }
                }
                return new String[] {cpus.toString(), nodes.toString(), ProcTasks.status(tid, "Cpus_allowed_list"),
                        Affinity.affinityOf(tid).toList()};
            });
            String expected = topology.node(node).cpus().toList();
            assertEquals("[" + expected + "]", result[0], "CPUs seen by getcpu");
            assertEquals("[" + node + "]", result[1], "pseudo-nodes seen");
            assertEquals(expected, result[2], "Cpus_allowed_list");
            assertEquals(expected, result[3], "sched_getaffinity");
        }
    }

    @Test
    void pinAllThreadsMovesEveryThreadAndRestoreGivesTheirAffinityBack() {
        Map<Integer, String> before = new HashMap<>();
        for (int tid : ProcTasks.tids()) {
            before.put(tid, ProcTasks.status(tid, "Cpus_allowed_list"));
        }
        CpuSet node1 = topology.node(1).cpus();
        Map<Integer, CpuSet> previous = Affinity.pinAllThreads(node1);
        try {
            assertTrue(previous.containsKey(LinuxSyscalls.gettid()), "the calling thread is pinned too");
            for (int tid : ProcTasks.tids()) {
                String allowed = ProcTasks.status(tid, "Cpus_allowed_list");
                if (allowed != null) {
                    assertEquals(node1.toList(), allowed, "tid " + tid + " " + ProcTasks.comm(tid));
                }
            }
            Thread.yield();
            assertEquals(1, Affinity.currentNode(topology));
        } finally {
            Affinity.restore(previous);
        }
        int checked = 0;
        for (Map.Entry<Integer, String> e : before.entrySet()) {
            String now = ProcTasks.status(e.getKey(), "Cpus_allowed_list");
            if (now != null && previous.containsKey(e.getKey())) {
                assertEquals(e.getValue(), now, "tid " + e.getKey());
                checked++;
            }
        }
        assertTrue(checked >= 2, "restored " + checked + " threads");
    }

    @Test
    void endedThreadGivesEsrchWithItsHint() throws Exception {
        int tid = DedicatedThread.call(LinuxSyscalls::gettid);
        for (int i = 0; i < 200 && ProcTasks.alive(tid); i++) {
            Thread.sleep(10);
        }
        assertFalse(ProcTasks.alive(tid));
        NativeCallException e = assertThrows(NativeCallException.class, () -> Affinity.pinThread(tid, CpuSet.of(0)));
        assertEquals(Errno.ESRCH, e.errno());
        assertTrue(e.getMessage().contains("thread " + tid + " has ended"), e.getMessage());
        // restoring a thread that has ended is not an error
        Affinity.restore(Map.of(tid, CpuSet.of(0)));
    }

    @Test
    void cpusOutsideTheMachineGiveEinvalWithItsHint() throws Exception {
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> DedicatedThread.call(() -> {
                    Affinity.pinThread(0, CpuSet.of(1000));
                    return null;
                }));
        assertEquals(Errno.EINVAL, e.errno());
        assertTrue(e.getMessage().contains("CPUs 1000 for tid 0 are all offline or outside"), e.getMessage());
    }

    @Test
    void badArgumentsAreRejectedBeforeAnyCall() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Affinity.pinThreadToNodes(0, topology, 2));
        assertTrue(e.getMessage().contains("node index 2") && e.getMessage().contains("0..1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Affinity.pinThread(0, CpuSet.of()));
        assertThrows(IllegalArgumentException.class, () -> Affinity.pinThreadToNodes(0, topology));
    }
}
