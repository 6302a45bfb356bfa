package com.numa.characterize.run;

import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The configurations of Table 1 formed from a topology (pure: no system call here). Single Node is the first node's
 * CPUs with memory bound to its real node; Dual Node takes the same number of CPUs, half from each of the first two
 * nodes, memory on both; All Nodes is every usable CPU with the kernel's default placement. A configuration that
 * cannot be formed has a reason instead (one node; a node with one CPU cannot be split in half).
 */
public final class Placements {
    private final NumaTopology topology;
    private final Map<Configuration, Placement> formed = new TreeMap<>();
    private final Map<Configuration, String> unformed = new TreeMap<>();
    private final boolean balancing;

    /** {@code numactl}: whether numactl is available (memory binding); otherwise taskset places CPUs only. */
    public Placements(NumaTopology topology, boolean numactl) {
        this(topology, numactl, false);
    }

    /**
     * As above; {@code balancing}: bound memory still takes NUMA hinting faults ({@code numactl --balancing}), which the
     * kernel locality source samples, while the balancer may move pages only among the bound nodes.
     */
    public Placements(NumaTopology topology, boolean numactl, boolean balancing) {
        this.topology = topology;
        this.balancing = balancing;
        List<NumaNode> nodes = topology.nodes();
        NumaNode first = nodes.get(0);
        add(Configuration.SINGLE, first.cpus(), List.of(first.id()), realNodes(List.of(first)), numactl);
        if (nodes.size() < 2) {
            unformed.put(Configuration.DUAL, "the topology has one node (" + topology + "); emulate two with "
                    + "-XX:NUMATopology=2 to run Dual Node and All Nodes");
        } else {
            NumaNode second = nodes.get(1);
            int half = first.cpus().size() / 2;
            if (half < 1 || second.cpus().size() < half) {
                unformed.put(Configuration.DUAL, "Dual Node needs Single Node's " + first.cpus().size()
                        + " CPU(s) split in half over two nodes, and node " + first.id() + " has "
                        + first.cpus().size() + " CPU(s) (node " + second.id() + ": " + second.cpus().size() + ")");
            } else {
                CpuSet cpus = CpuSet.of(concat(take(first.cpus(), half), take(second.cpus(), first.cpus().size() - half)));
                add(Configuration.DUAL, cpus, List.of(first.id(), second.id()), realNodes(List.of(first, second)), numactl);
            }
        }
        if (nodes.size() < 2) {
            unformed.put(Configuration.ALL, "on one node All Nodes is Single Node; emulate nodes with -XX:NUMATopology=2");
        } else {
            add(Configuration.ALL, topology.usableCpus(), nodes.stream().map(NumaNode::id).toList(), new TreeSet<>(), numactl);
        }
    }

    /** The placement of {@code c}, or null when it cannot be formed ({@link #whyNot}). */
    public Placement of(Configuration c) {
        return formed.get(c);
    }

    /** Why {@code c} cannot be formed, or null. */
    public String whyNot(Configuration c) {
        return unformed.get(c);
    }

    private void add(Configuration c, CpuSet cpus, List<Integer> nodeIds, SortedSet<Integer> memory, boolean numactl) {
        List<String> wrapper = new ArrayList<>();
        String note = "";
        if (numactl) {
            wrapper.add("numactl");
            wrapper.add("--physcpubind=" + cpus.toList());
            if (!memory.isEmpty()) {
                if (balancing) {
                    wrapper.add("--balancing");
                }
                wrapper.add("--membind=" + memory.stream().map(String::valueOf).collect(Collectors.joining(",")));
            }
        } else {
            wrapper.addAll(List.of("taskset", "-c", cpus.toList()));
            note = memory.isEmpty() ? "" : "memory not bound: numactl is not installed (apt-get install numactl)";
        }
        formed.put(c, new Placement(c, cpus, nodeIds, memory, wrapper, note, childSpec(cpus, nodeIds)));
    }

    /** The pseudo-nodes of {@code nodeIds} restricted to {@code cpus}, as explicit lists ("0-0/1-1"); "auto" if real. */
    private String childSpec(CpuSet cpus, List<Integer> nodeIds) {
        if (!topology.emulated()) {
            return "auto";
        }
        List<String> lists = new ArrayList<>();
        for (int id : nodeIds) {
            CpuSet part = topology.node(id).cpus().intersect(cpus);
            String list = part.toList();
            // a plain number is a node count in the grammar: one CPU is written as a range
            lists.add(list.matches("\\d+") ? list + "-" + list : list);
        }
        return String.join("/", lists);
    }

    private static SortedSet<Integer> realNodes(List<NumaNode> nodes) {
        return nodes.stream().map(NumaNode::realNode).collect(Collectors.toCollection(TreeSet::new));
    }

    private static int[] take(CpuSet cpus, int n) {
        int[] all = cpus.toArray();
        int[] out = new int[n];
        System.arraycopy(all, 0, out, 0, n);
        return out;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
