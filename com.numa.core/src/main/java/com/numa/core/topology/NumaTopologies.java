package com.numa.core.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the topology numa-jvm works on from the value of {@code -XX:NUMATopology}:
 * <ul>
 * <li>{@code auto}: the machine's nodes as read from sysfs (perfutil's {@code MachineTopology} passes them in);</li>
 * <li>{@code N}: the usable CPUs split in CPU order into N pseudo-nodes of nearly equal size (the first
 * {@code cpus % N} get one CPU more), e.g. {@code 2} on CPUs 0-1 gives pseudo-node 0 = CPU 0, pseudo-node 1 = CPU 1;</li>
 * <li>{@code 0-1,4/2-3}: one CPU list per pseudo-node, separated by {@code /}; every CPU must be usable and may appear
 * in one pseudo-node only. CPUs not listed are simply not part of the topology. A plain number is always a node
 * count, so a single one-CPU pseudo-node is written as a range ({@code 3-3}).</li>
 * </ul>
 * Emulated topologies have distance 10 within a pseudo-node and 21 between pseudo-nodes (a typical two-socket SLIT).
 * Each pseudo-node's {@link NumaNode#realNode()} is the real node holding most of its CPUs (lowest id on a tie), and
 * its memory is that real node's memory shared evenly among the pseudo-nodes it backs. Affinity calls for pseudo-nodes
 * are real calls on real CPUs; memory calls go to the backing real node.
 */
public final class NumaTopologies {
    /** The flag whose value {@link #fromSpec} parses (declared with the global flags, {@code CoreFlags}). */
    public static final String FLAG = "-XX:NUMATopology";

    /** The accepted forms, quoted in every error message. */
    public static final String VALID_FORMS = "'auto' (the machine's NUMA nodes from /sys/devices/system/node), "
            + "a node count N (split the usable CPUs into N pseudo-nodes, e.g. 2), "
            + "or one CPU list per pseudo-node separated by '/' (e.g. 0/1 or 0-1,4/2-3)";

    static final int LOCAL = 10;
    static final int REMOTE = 21;

    private NumaTopologies() {
    }

    /**
     * Parses {@code spec} against {@code real} (the topology that says which CPUs are usable and which real node
     * backs each). Throws IllegalArgumentException naming the spec, the problem and the valid forms.
     */
    public static NumaTopology fromSpec(String spec, NumaTopology real) {
        if (spec == null || spec.isBlank()) {
            throw bad(spec, "the value is empty");
        }
        String s = spec.strip();
        if (s.toLowerCase(Locale.ROOT).equals("auto")) {
            return real;
        }
        if (isCount(s)) {
            int n;
            try {
                n = Integer.parseInt(s);
            } catch (NumberFormatException e) {
                throw bad(spec, "node count " + s + " is too large");
            }
            return split(spec, real, n);
        }
        return explicit(spec, real, s);
    }

    /** {@code n} pseudo-nodes over the usable CPUs of {@code real}, in CPU order. */
    public static NumaTopology split(NumaTopology real, int n) {
        return split(Integer.toString(n), real, n);
    }

    private static NumaTopology split(String spec, NumaTopology real, int n) {
        int[] cpus = real.usableCpus().toArray();
        if (n < 1) {
            throw bad(spec, "the node count must be at least 1");
        }
        if (n > cpus.length) {
            throw bad(spec, n + " pseudo-nodes need at least " + n + " CPUs but this process may use only "
                    + cpus.length + " (" + real.usableCpus().toList() + "); use a count from 1 to " + cpus.length);
        }
        List<CpuSet> parts = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < n; i++) {
            int size = cpus.length / n + (i < cpus.length % n ? 1 : 0);
            int[] part = new int[size];
            System.arraycopy(cpus, next, part, 0, size);
            next += size;
            parts.add(CpuSet.of(part));
        }
        return emulate(real, parts);
    }

    private static NumaTopology explicit(String spec, NumaTopology real, String s) {
        String[] lists = s.split("/", -1);
        CpuSet usable = real.usableCpus();
        List<CpuSet> parts = new ArrayList<>();
        Map<Integer, Integer> owner = new HashMap<>();
        for (int i = 0; i < lists.length; i++) {
            CpuSet cpus;
            try {
                cpus = CpuSet.parseList(lists[i]);
            } catch (IllegalArgumentException e) {
                throw bad(spec, "pseudo-node " + i + " '" + lists[i].strip() + "' is not a CPU list");
            }
            if (cpus.isEmpty()) {
                throw bad(spec, "pseudo-node " + i + " has no CPUs");
            }
            if (!usable.containsAll(cpus)) {
                CpuSet outside = CpuSet.of(cpus.stream().filter(c -> !usable.contains(c)).toArray());
                throw bad(spec, "pseudo-node " + i + " names CPU(s) " + outside.toList()
                        + " that this process may not use (usable: " + usable.toList() + ")");
            }
            for (int c : cpus.toArray()) {
                Integer first = owner.putIfAbsent(c, i);
                if (first != null) {
                    throw bad(spec, "CPU " + c + " is in both pseudo-node " + first + " and pseudo-node " + i);
                }
            }
            parts.add(cpus);
        }
        return emulate(real, parts);
    }

    /** The emulated topology over {@code parts}, which must be disjoint, non-empty sets of usable CPUs. */
    static NumaTopology emulate(NumaTopology real, List<CpuSet> parts) {
        int[] backing = new int[parts.size()];
        Map<Integer, Integer> sharers = new HashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            backing[i] = majorityRealNode(real, parts.get(i));
            sharers.put(backing[i], sharers.getOrDefault(backing[i], 0) + 1);
        }
        List<NumaNode> nodes = new ArrayList<>();
        int[][] distances = new int[parts.size()][parts.size()];
        for (int i = 0; i < parts.size(); i++) {
            long memory = realMemory(real, backing[i]) / sharers.get(backing[i]);
            nodes.add(new NumaNode(i, parts.get(i), memory, backing[i]));
            for (int j = 0; j < parts.size(); j++) {
                distances[i][j] = i == j ? LOCAL : REMOTE;
            }
        }
        return new NumaTopology(nodes, distances, true);
    }

    private static int majorityRealNode(NumaTopology real, CpuSet cpus) {
        TreeMap<Integer, Integer> count = new TreeMap<>();
        for (int c : cpus.toArray()) {
            int node = real.node(real.nodeOfCpu(c)).realNode();
            count.put(node, count.getOrDefault(node, 0) + 1);
        }
        int best = count.firstKey();
        for (Map.Entry<Integer, Integer> e : count.entrySet()) {
            if (e.getValue() > count.get(best)) {
                best = e.getKey();
            }
        }
        return best;
    }

    /** Memory of real node {@code id} (summed if {@code real} is itself emulated and splits that node). */
    private static long realMemory(NumaTopology real, int id) {
        long sum = 0;
        for (NumaNode n : real.nodes()) {
            if (n.realNode() == id) {
                sum += n.memoryBytes();
            }
        }
        return sum;
    }

    /*
     * Loops rather than streams and lambdas on this path: the agent resolves the topology in premain, before the
     * application's main, where each lambda is a class spun at run time.
     */

    /** True for a node count: digits only (and at least one). */
    public static boolean isCount(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static IllegalArgumentException bad(String spec, String problem) {
        return new IllegalArgumentException("bad " + FLAG + "=" + (spec == null ? "" : spec) + ": " + problem
                + ". Valid forms: " + VALID_FORMS);
    }
}
