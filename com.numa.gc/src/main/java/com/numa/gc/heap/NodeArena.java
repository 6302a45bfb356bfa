package com.numa.gc.heap;

import com.numa.perfutil.affinity.MappedMemory;
import com.numa.perfutil.affinity.PageLocator;
import com.numa.perfutil.affinity.PageNodes;
import com.numa.core.topology.NumaTopology;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The heap's memory: one anonymous mapping split into one segment per node, each bound to its node with mbind, and
 * cut into fixed-size regions. Spaces (to-spaces, TLABs, GC allocation buffers) are made of regions, so a region's
 * node is where everything in it lives. On an emulated topology the binding goes to the real node behind each
 * pseudo-node (all on one node here): the region table still says which pseudo-node a region belongs to, and
 * {@link #binding()} says so. When mbind is refused, the arena still works unbound and says why.
 */
final class NodeArena implements AutoCloseable {
    private final NumaTopology topology;
    private final MappedMemory memory;
    private final ByteBuffer buffer;
    private final long base;
    private final int regionBytes;
    private final int regionsPerNode;
    private final int nodes;
    private final int[] top;
    private final boolean[] inUse;
    private final int[][] free;
    private final int[] freeCount;
    private int inUseCount;
    /**
     * Picks the node of each interleaved region. Random rather than round-robin: with a fixed rotation, threads that
     * take regions in a fixed order would keep getting the same node, a pattern neither page interleaving nor first
     * touch has.
     */
    private final SplittableRandom interleave = new SplittableRandom(0x5eed);
    private final String binding;

    NodeArena(NumaTopology topology, long heapBytes, int regionBytes) {
        if (regionBytes <= 0 || regionBytes % MappedMemory.pageSize() != 0) {
            throw new IllegalArgumentException("region size " + regionBytes + " is not a multiple of the page size");
        }
        this.topology = topology;
        this.nodes = topology.nodeCount();
        this.regionBytes = regionBytes;
        this.regionsPerNode = (int) Math.min(Integer.MAX_VALUE, heapBytes / nodes / regionBytes);
        if (regionsPerNode < 2) {
            throw new IllegalArgumentException("a heap of " + heapBytes + " bytes gives each of " + nodes
                    + " nodes fewer than 2 regions of " + regionBytes + " bytes; give at least "
                    + 2L * nodes * regionBytes + " bytes");
        }
        this.memory = MappedMemory.map((long) regionsPerNode * nodes * regionBytes);
        this.buffer = memory.buffer();
        this.base = memory.address();
        int regions = regionsPerNode * nodes;
        this.top = new int[regions];
        this.inUse = new boolean[regions];
        this.free = new int[nodes][regionsPerNode];
        this.freeCount = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            // Highest index first, so regions are taken in address order.
            for (int i = 0; i < regionsPerNode; i++) {
                free[n][i] = (n + 1) * regionsPerNode - 1 - i;
            }
            freeCount[n] = regionsPerNode;
        }
        this.binding = bindSegments();
    }

    private String bindSegments() {
        long segment = (long) regionsPerNode * regionBytes;
        try {
            for (int n = 0; n < nodes; n++) {
                memory.bind(n * segment, segment, topology, n);
            }
        } catch (RuntimeException e) {
            return "unbound (mbind failed: " + e.getMessage() + "); regions are only labelled with their node";
        }
        return topology.emulated() ? "emulated: each pseudo-node's segment is bound to its real node "
                + realNodes() + "; remote/local follow the pseudo-node labels" : "bound: one segment per node (mbind)";
    }

    private String realNodes() {
        return Arrays.toString(topology.nodes().stream().mapToInt(n -> n.realNode()).toArray());
    }

    ByteBuffer buffer() {
        return buffer;
    }

    int nodes() {
        return nodes;
    }

    int regionBytes() {
        return regionBytes;
    }

    int regionCount() {
        return regionsPerNode * nodes;
    }

    String binding() {
        return binding;
    }

    NumaTopology topology() {
        return topology;
    }

    /** Buffer index of an address. */
    int offset(long address) {
        return (int) (address - base);
    }

    long address(int offset) {
        return base + offset;
    }

    int regionStart(int region) {
        return region * regionBytes;
    }

    int regionOfOffset(int offset) {
        return offset / regionBytes;
    }

    int nodeOfRegion(int region) {
        return region / regionsPerNode;
    }

    /** The node of the page at {@code offset} (from the region table; {@link #checkPlacement} asks the kernel). */
    int nodeOfOffset(int offset) {
        return offset / regionBytes / regionsPerNode;
    }

    /**
     * Takes a free region on {@code node} (or on the nearest node with one, when that node's segment is full), or
     * with {@link Collector#ANY} on a node drawn at random. Returns -1 when the arena is full.
     */
    synchronized int take(int node) {
        int first = node == Collector.ANY ? interleave.nextInt(nodes) : node;
        for (int i = 0; i < nodes; i++) {
            int n = nearest(first, i);
            if (freeCount[n] > 0) {
                int r = free[n][--freeCount[n]];
                inUse[r] = true;
                top[r] = 0;
                inUseCount++;
                return r;
            }
        }
        return -1;
    }

    /** The i-th choice after {@code node}: itself, then the others by distance (ties in index order). */
    private int nearest(int node, int i) {
        if (i == 0) {
            return node;
        }
        Integer[] others = new Integer[nodes];
        for (int n = 0; n < nodes; n++) {
            others[n] = n;
        }
        Arrays.sort(others, (a, b) -> Integer.compare(topology.distance(node, a), topology.distance(node, b)));
        return others[i];
    }

    synchronized void release(int[] regions) {
        for (int r : regions) {
            if (!inUse[r]) {
                throw new IllegalStateException("region " + r + " released twice");
            }
            inUse[r] = false;
            top[r] = 0;
            int n = nodeOfRegion(r);
            free[n][freeCount[n]++] = r;
            inUseCount--;
        }
    }

    synchronized int inUseCount() {
        return inUseCount;
    }

    synchronized int freeCount() {
        int s = 0;
        for (int c : freeCount) {
            s += c;
        }
        return s;
    }

    synchronized int[] inUseRegions() {
        int[] out = new int[inUseCount];
        int k = 0;
        for (int r = 0; r < inUse.length; r++) {
            if (inUse[r]) {
                out[k++] = r;
            }
        }
        return out;
    }

    /** Where the objects of a region end (relative to the region start). */
    int top(int region) {
        return top[region];
    }

    void setTop(int region, int value) {
        top[region] = value;
    }

    /** What the kernel says about the pages of a sample of objects, compared with the region table. */
    PlacementCheck checkPlacement(int[] offsets) {
        long[] addresses = new long[offsets.length];
        for (int i = 0; i < offsets.length; i++) {
            addresses[i] = base + offsets[i];
        }
        try {
            PageNodes pages = new PageLocator(topology).nodesOf(addresses);
            int agree = 0;
            int absent = 0;
            for (int i = 0; i < offsets.length; i++) {
                if (!pages.present(i)) {
                    absent++;
                } else if (pages.node(i) == topology.node(nodeOfOffset(offsets[i])).realNode()) {
                    agree++;
                }
            }
            return new PlacementCheck(offsets.length, agree, absent, null);
        } catch (RuntimeException e) {
            return new PlacementCheck(offsets.length, 0, 0, "move_pages failed: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        memory.close();
    }
}
