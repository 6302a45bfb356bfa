package com.numa.perfutil.affinity;

import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.core.topology.NumaTopology;
import java.util.Arrays;
import java.util.SortedSet;

/**
 * Which NUMA node holds the pages at given addresses, and moving them (move_pages, migrate_pages), for this process
 * or another one. Target nodes are indexes into the topology, translated to their real nodes; answers are real node
 * ids, because that is where the memory is: on an emulated topology several pseudo-nodes share one real node, and
 * {@link #nodeIndexOf} says which index a real node maps to when that is unambiguous.
 */
public final class PageLocator {
    /** {@link #nodeOf} for an address without a page (never touched, or not mapped). */
    public static final int NOT_PRESENT = -1;

    private final int pid;
    private final NumaTopology topology;

    /** Pages of this process. */
    public PageLocator(NumaTopology topology) {
        this(0, topology);
    }

    /** Pages of process {@code pid} (0 = this one); other processes need CAP_SYS_NICE to move their pages. */
    public PageLocator(int pid, NumaTopology topology) {
        this.pid = pid;
        this.topology = topology;
    }

    /** The real node holding the page at {@code address}, or {@link #NOT_PRESENT}. */
    public int nodeOf(long address) {
        return nodesOf(new long[] {address}).node(0);
    }

    /** The real node of each address's page (a query: nothing moves). */
    public PageNodes nodesOf(long[] addresses) {
        return call(addresses, null, java.util.Collections.emptySortedSet());
    }

    /** Moves the pages at {@code addresses} to the real node backing node {@code nodeIndex}; returns where each is now. */
    public PageNodes movePages(long[] addresses, int nodeIndex) {
        SortedSet<Integer> real = NodeMasks.realNodes(topology, nodeIndex);
        int[] nodes = new int[addresses.length];
        Arrays.fill(nodes, real.first());
        return call(addresses, nodes, real);
    }

    /**
     * Moves the process's pages on the real nodes behind {@code fromNodeIndexes} to those behind {@code toNodeIndexes}
     * (migrate_pages); returns the number of pages that could not be moved.
     */
    public long migrateProcessPages(int[] fromNodeIndexes, int[] toNodeIndexes) {
        SortedSet<Integer> from = NodeMasks.realNodes(topology, fromNodeIndexes);
        SortedSet<Integer> to = NodeMasks.realNodes(topology, toNodeIndexes);
        if (from.isEmpty() || to.isEmpty()) {
            throw new IllegalArgumentException("migrating pages needs at least one source and one target node index");
        }
        try {
            return LinuxSyscalls.migratePages(pid, NodeMasks.toMask(from), NodeMasks.toMask(to), null);
        } catch (NativeCallException e) {
            throw KernelHints.withHint(e, KernelHints.movePages(e.errno(), pid, to));
        }
    }

    /** The topology index of real node {@code realNode}, or -1 when no node or several pseudo-nodes are backed by it. */
    public int nodeIndexOf(int realNode) {
        return NodeMasks.indexOfRealNode(topology, realNode);
    }

    private PageNodes call(long[] addresses, int[] nodes, SortedSet<Integer> real) {
        if (addresses.length == 0) {
            return new PageNodes(addresses, new int[0]);
        }
        int[] status = new int[addresses.length];
        try {
            LinuxSyscalls.movePages(pid, addresses, nodes, status, nodes == null ? 0 : MemoryPolicy.MF_MOVE, null);
        } catch (NativeCallException e) {
            throw KernelHints.withHint(e, KernelHints.movePages(e.errno(), pid, real));
        }
        return new PageNodes(addresses, status);
    }
}
