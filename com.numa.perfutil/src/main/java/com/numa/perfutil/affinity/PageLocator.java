package com.numa.perfutil.affinity;

import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.core.topology.NumaTopology;
import java.util.Arrays;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

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
     * Moves this process's pages holding {@code addresses} to the real node backing {@code nodeIndex}: each run of
     * neighbouring pages (in ascending order) is bound there with one mbind (MPOL_MF_MOVE | MPOL_MF_STRICT) and given
     * back the policy it had right after. Unlike {@link #movePages} it also moves a page the NUMA balancing
     * scanner has made inaccessible until its next touch, which move_pages reads as absent (ENOENT). Returns each
     * page's node after the call, or a negative errno: a run the kernel could not move whole is asked page by page.
     */
    public int[] bindPagesTo(long[] addresses, int nodeIndex) {
        if (pid != 0) {
            throw new IllegalStateException("mbind moves only this process's pages; use movePages for process " + pid);
        }
        SortedSet<Integer> real = NodeMasks.realNodes(topology, nodeIndex);
        int target = real.first();
        long[] mask = NodeMasks.toMask(new TreeSet<>(Set.of(target)));
        long page = LinuxSyscalls.pageSize();
        long[] pages = Arrays.stream(addresses).map(a -> a & -page).toArray(); // mbind takes whole pages
        int[] out = new int[pages.length];
        for (int from = 0; from < pages.length; ) {
            int to = from + 1;
            while (to < pages.length && pages[to] == pages[to - 1] + page) {
                to++;
            }
            bindRun(pages, from, to, target, mask, page, out);
            from = to;
        }
        return out;
    }

    /** Binds pages {@code [from, to)} of {@code addresses}, one run, to real node {@code target}; fills {@code out}. */
    private void bindRun(long[] addresses, int from, int to, int target, long[] mask, long page, int[] out) {
        long start = addresses[from];
        long len = (to - from) * page;
        try {
            long[] before = LinuxSyscalls.getMempolicy(start, MemoryPolicy.F_ADDR, NodeMasks.MAX_WORDS);
            try {
                LinuxSyscalls.mbind(start, len, MemoryPolicy.Mode.BIND.mpol(), mask,
                        MemoryPolicy.MF_MOVE | MemoryPolicy.MF_STRICT, null);
                Arrays.fill(out, from, to, target);
                return;
            } finally {
                // the range's own policy back (a Java heap is reused: what comes there later follows it, not ours)
                LinuxSyscalls.mbind(start, len, (int) before[0] & ~MemoryPolicy.F_NUMA_BALANCING,
                        Arrays.copyOfRange(before, 1, before.length), 0, null);
            }
        } catch (NativeCallException e) {
            if (e.errno() != EIO) {
                Arrays.fill(out, from, to, -e.errno());
                return;
            }
        }
        PageNodes now = nodesOf(Arrays.copyOfRange(addresses, from, to)); // EIO: some pages did not move
        for (int i = from; i < to; i++) {
            out[i] = now.present(i - from) ? now.node(i - from) : -now.errno(i - from);
        }
    }

    private static final int EIO = 5;

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
