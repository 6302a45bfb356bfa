package com.numa.gc.heap;

import com.numa.perfutil.topology.MachineTopology;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import java.util.ArrayList;
import java.util.List;

/** Emulated topologies that exist on any machine: every pseudo-node spans all usable CPUs and one real node. */
public final class TestTopologies {
    private TestTopologies() {
    }

    public static NumaTopology nodes(int count) {
        NumaTopology real = MachineTopology.real();
        CpuSet cpus = real.usableCpus();
        int realNode = real.node(0).realNode();
        List<NumaNode> nodes = new ArrayList<>();
        int[][] distances = new int[count][count];
        for (int i = 0; i < count; i++) {
            nodes.add(new NumaNode(i, cpus, 0, realNode));
            for (int j = 0; j < count; j++) {
                distances[i][j] = i == j ? 10 : 21;
            }
        }
        return new NumaTopology(nodes, distances, true);
    }
}
