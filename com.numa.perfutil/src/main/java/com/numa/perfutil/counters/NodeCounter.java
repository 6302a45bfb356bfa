package com.numa.perfutil.counters;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One event summed over the CPUs of one NUMA node (index in the topology): raw and scaled sums, and the lowest
 * coverage of any CPU, so a node total never claims better provenance than its weakest part.
 */
public record NodeCounter(int node, String event, long raw, double scaled, double minCoveragePct, int cpus) {

    /** Per-node sums of per-core samples, ordered by node then by event order of the samples. */
    public static List<NodeCounter> sumByNode(List<CoreSample> samples) {
        Map<Integer, Map<String, NodeCounter>> byNode = new TreeMap<>();
        for (CoreSample s : samples) {
            Map<String, NodeCounter> m = byNode.computeIfAbsent(s.node(), n -> new java.util.LinkedHashMap<>());
            for (CounterValue v : s.values()) {
                m.merge(v.event(), new NodeCounter(s.node(), v.event(), v.raw(), v.scaled(), v.coveragePct(), 1),
                        NodeCounter::plus);
            }
        }
        List<NodeCounter> out = new ArrayList<>();
        byNode.values().forEach(m -> out.addAll(m.values()));
        return out;
    }

    /** Counts are unsigned in the kernel but fit a long for centuries; saturate rather than wrap if not. */
    private static long saturatedSum(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    private NodeCounter plus(NodeCounter o) {
        return new NodeCounter(node, event, saturatedSum(raw, o.raw), scaled + o.scaled,
                Math.min(minCoveragePct, o.minCoveragePct), cpus + o.cpus);
    }
}
