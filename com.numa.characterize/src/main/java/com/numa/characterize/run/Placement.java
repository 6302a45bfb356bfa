package com.numa.characterize.run;

import com.numa.core.topology.CpuSet;
import java.util.List;
import java.util.SortedSet;

/**
 * Where one configuration runs: its CPUs, the (real) memory nodes it may allocate from, and the command that puts the
 * child JVM there before it starts ({@code numactl}, or {@code taskset} where numactl is missing), so that every thread
 * of the JVM, its own included, inherits the placement.
 *
 * @param configuration the configuration
 * @param cpus          the CPUs (of the real or emulated topology's nodes)
 * @param nodes         the topology nodes it spans (pseudo-nodes on an emulated topology)
 * @param memoryNodes   real memory nodes to bind to; empty = the kernel's default (local) placement
 * @param wrapper       the command prefix, e.g. {@code numactl --physcpubind=0-3 --membind=0}
 * @param note          what the placement could not do, e.g. memory not bound because numactl is missing; "" if none
 * @param topologySpec  the -XX:NUMATopology the child gets: "auto" on a real topology; on an emulated one, the
 *                      pseudo-nodes it spans as CPU lists (the child may use only the placement's CPUs, so the
 *                      parent's "2" could not be formed inside it)
 */
public record Placement(Configuration configuration, CpuSet cpus, List<Integer> nodes, SortedSet<Integer> memoryNodes,
        List<String> wrapper, String note, String topologySpec) {

    public Placement {
        nodes = List.copyOf(nodes);
        wrapper = List.copyOf(wrapper);
    }
}
