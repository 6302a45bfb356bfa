package com.numa.opt;

import com.numa.core.topology.NumaTopology;

/** Picks the node of a single-node placement (-XX:NUMAOptsNode). Pure: the load figures come from {@link CpuLoad}. */
final class NodeChooser {
    private NodeChooser() {
    }

    /** Index of the node whose CPUs were least busy on average; the lowest index on a tie. */
    static int leastLoaded(NumaTopology topology, double[] busyPerCpu) {
        int best = 0;
        double bestLoad = Double.MAX_VALUE;
        for (int i = 0; i < topology.nodeCount(); i++) {
            int[] cpus = topology.node(i).cpus().toArray();
            double sum = 0;
            for (int c : cpus) {
                sum += c < busyPerCpu.length ? busyPerCpu[c] : 0;
            }
            double avg = cpus.length == 0 ? Double.MAX_VALUE : sum / cpus.length;
            if (avg < bestLoad) {
                bestLoad = avg;
                best = i;
            }
        }
        return best;
    }

    /** The node holding {@code cpu}, or node 0 when the CPU is outside the topology. */
    static int nodeOf(NumaTopology topology, int cpu) {
        int n = topology.nodeOfCpu(cpu);
        return n < 0 ? 0 : n;
    }
}
