package com.numa.core.topology;

import java.util.List;
import java.util.Objects;

/**
 * The machine model: NUMA nodes with their usable CPUs, memory and the distance matrix. Either read from
 * /sys/devices/system/node (real) or split from the usable CPUs into pseudo-nodes (emulated), in which case every
 * affinity call made for a pseudo-node is still a real system call and memory calls target {@link NumaNode#realNode()}.
 */
public final class NumaTopology {
    private final List<NumaNode> nodes;
    private final int[][] distances;
    private final boolean emulated;

    public NumaTopology(List<NumaNode> nodes, int[][] distances, boolean emulated) {
        this.nodes = List.copyOf(nodes);
        this.distances = Objects.requireNonNull(distances);
        this.emulated = emulated;
        if (distances.length != nodes.size()) {
            throw new IllegalArgumentException("distance matrix is " + distances.length + " rows for " + nodes.size() + " nodes");
        }
    }

    public List<NumaNode> nodes() {
        return nodes;
    }

    public int nodeCount() {
        return nodes.size();
    }

    public NumaNode node(int index) {
        return nodes.get(index);
    }

    /** Distance between nodes by index in {@link #nodes()} (10 = local, as in the ACPI SLIT). */
    public int distance(int from, int to) {
        return distances[from][to];
    }

    public boolean emulated() {
        return emulated;
    }

    /** All CPUs of all nodes: what this process may run on. */
    public CpuSet usableCpus() {
        CpuSet all = CpuSet.of();
        for (NumaNode n : nodes) {
            all = all.union(n.cpus());
        }
        return all;
    }

    /** Index of the node holding {@code cpu}, or -1 when the CPU is not usable by this process. */
    public int nodeOfCpu(int cpu) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).cpus().contains(cpu)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(emulated ? "emulated" : "real").append(" topology, ")
                .append(nodes.size()).append(" node(s):");
        for (NumaNode n : nodes) {
            sb.append(" node").append(n.id()).append(" cpus ").append(n.cpus().toList());
        }
        return sb.toString();
    }
}
