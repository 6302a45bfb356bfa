package com.numa.perfutil.affinity;

import com.numa.core.topology.NumaTopology;
import java.util.BitSet;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/** Translation between node indexes of a topology, real kernel node ids and the kernel's nodemask words. */
final class NodeMasks {
    /** Enough words for the largest node count Linux supports (CONFIG_NODES_SHIFT=10, 1024 nodes). */
    static final int MAX_WORDS = 16;

    private NodeMasks() {
    }

    /** The real nodes backing {@code nodeIndexes} of {@code topology}; pseudo-nodes sharing a real node collapse. */
    static SortedSet<Integer> realNodes(NumaTopology topology, int... nodeIndexes) {
        TreeSet<Integer> out = new TreeSet<>();
        for (int i : nodeIndexes) {
            checkIndex(topology, i);
            out.add(topology.node(i).realNode());
        }
        return Collections.unmodifiableSortedSet(out);
    }

    static void checkIndex(NumaTopology topology, int index) {
        if (index < 0 || index >= topology.nodeCount()) {
            throw new IllegalArgumentException("node index " + index + " is not in the " + topology
                    + " (valid indexes 0.." + (topology.nodeCount() - 1) + ")");
        }
    }

    static long[] toMask(SortedSet<Integer> realNodes) {
        BitSet b = new BitSet();
        realNodes.forEach(b::set);
        long[] w = b.toLongArray();
        return w.length == 0 ? new long[1] : w;
    }

    static SortedSet<Integer> fromMask(long[] words, int from) {
        TreeSet<Integer> out = new TreeSet<>();
        for (int w = from; w < words.length; w++) {
            for (int bit = 0; bit < 64; bit++) {
                if ((words[w] & (1L << bit)) != 0) {
                    out.add((w - from) * 64 + bit);
                }
            }
        }
        return Collections.unmodifiableSortedSet(out);
    }

    /**
     * Index in {@code topology} of the node backed by real node {@code realNode}, or -1 when none is or when several
     * pseudo-nodes share it (then a page's real node does not say which pseudo-node it belongs to).
     */
    static int indexOfRealNode(NumaTopology topology, int realNode) {
        int found = -1;
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (topology.node(i).realNode() == realNode) {
                if (found >= 0) {
                    return -1;
                }
                found = i;
            }
        }
        return found;
    }
}
