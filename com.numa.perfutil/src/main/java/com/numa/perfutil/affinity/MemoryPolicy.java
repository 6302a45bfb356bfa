package com.numa.perfutil.affinity;

import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.core.topology.NumaTopology;
import java.util.SortedSet;

/**
 * The calling thread's NUMA memory policy (set_mempolicy/get_mempolicy). The policy belongs to one thread and is
 * inherited by threads it starts later, so set it on the thread that allocates. Nodes are given as indexes into a
 * topology and translated to the real nodes backing them: on an emulated topology the calls stay real, and every
 * pseudo-node of one real node names that same node.
 */
public final class MemoryPolicy {
    /** The policy modes, with their MPOL_* values from linux/mempolicy.h. */
    public enum Mode {
        /** The process default (usually local allocation). */
        DEFAULT(0),
        /** Allocate on the given node first, elsewhere when it is full. */
        PREFERRED(1),
        /** Allocate only on the given nodes. */
        BIND(2),
        /** Spread page by page over the given nodes. */
        INTERLEAVE(3),
        /** Allocate on the node of the CPU that touches the page. */
        LOCAL(4);

        private final int mpol;

        Mode(int mpol) {
            this.mpol = mpol;
        }

        /** The kernel's MPOL_* constant. */
        public int mpol() {
            return mpol;
        }

        /** True for the modes that take a node set. */
        public boolean needsNodes() {
            return this == PREFERRED || this == BIND || this == INTERLEAVE;
        }

        static Mode of(int mpol) {
            for (Mode m : values()) {
                if (m.mpol == mpol) {
                    return m;
                }
            }
            throw new IllegalStateException("the thread has memory policy mode " + mpol
                    + " (e.g. MPOL_PREFERRED_MANY or MPOL_WEIGHTED_INTERLEAVE, set by another tool), which numa-jvm "
                    + "does not model; reset it with MemoryPolicy.set(Mode.DEFAULT, ...)");
        }
    }

    /** A thread's policy: its mode and the real kernel node ids it names (empty for DEFAULT and LOCAL). */
    public record Policy(Mode mode, SortedSet<Integer> realNodes) {
    }

    /**
     * mbind(2) and move_pages(2) flag MPOL_MF_MOVE: move pages already touched under another policy, so a rebound
     * range really follows its new node.
     */
    public static final int MF_MOVE = 1 << 1;
    /** mbind(2) flag MPOL_MF_STRICT: with {@link #MF_MOVE}, fail with EIO where a page could not be moved. */
    public static final int MF_STRICT = 1;
    /** Mode flag MPOL_F_NUMA_BALANCING, which get_mempolicy may report with a BIND policy. */
    public static final int F_NUMA_BALANCING = 1 << 13;
    /** get_mempolicy(2) flag MPOL_F_NODE: with {@link #F_ADDR}, answer the node of the page at the address. */
    public static final int F_NODE = 1;
    /** get_mempolicy(2) flag MPOL_F_ADDR: the policy (or, with {@link #F_NODE}, the node) at an address. */
    public static final int F_ADDR = 2;

    /** Mode flags get_mempolicy may report along with the mode (MPOL_F_STATIC/RELATIVE_NODES, MPOL_F_NUMA_BALANCING). */
    private static final int MODE_FLAGS = (1 << 15) | (1 << 14) | F_NUMA_BALANCING;

    private MemoryPolicy() {
    }

    /**
     * Sets the calling thread's policy. PREFERRED, BIND and INTERLEAVE need at least one node index; DEFAULT and LOCAL
     * take none. For PREFERRED with several real nodes the kernel prefers the lowest.
     */
    public static void set(Mode mode, int[] nodeIndexes, NumaTopology topology) {
        if (mode.needsNodes() && nodeIndexes.length == 0) {
            throw new IllegalArgumentException(mode + " needs at least one node index (" + topology + ")");
        }
        if (!mode.needsNodes() && nodeIndexes.length != 0) {
            throw new IllegalArgumentException(mode + " takes no nodes; use PREFERRED, BIND or INTERLEAVE to name nodes");
        }
        SortedSet<Integer> real = NodeMasks.realNodes(topology, nodeIndexes);
        try {
            LinuxSyscalls.setMempolicy(mode.mpol, real.isEmpty() ? new long[0] : NodeMasks.toMask(real), null);
        } catch (NativeCallException e) {
            throw KernelHints.withHint(e, KernelHints.mempolicy(e.errno(), real));
        }
    }

    /** The calling thread's policy, with real node ids. */
    public static Policy get() {
        long[] r = LinuxSyscalls.getMempolicy(0, 0, NodeMasks.MAX_WORDS);
        return new Policy(Mode.of((int) r[0] & ~MODE_FLAGS), NodeMasks.fromMask(r, 1));
    }

    /**
     * The index in {@code topology} of the node backed by {@code realNode}, or -1 when no node or several pseudo-nodes
     * are (on an emulated topology one real node usually backs every pseudo-node).
     */
    public static int nodeIndexOf(NumaTopology topology, int realNode) {
        return NodeMasks.indexOfRealNode(topology, realNode);
    }
}
