package com.numa.opt;

import com.numa.opt.OptFlags.MemPolicy;
import com.numa.perfutil.affinity.MemoryPolicy;
import com.numa.perfutil.affinity.PageLocator;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.perfutil.linux.ProcessMaps;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import java.io.IOException;

/**
 * Memory policy through real system calls, always on the real kernel node behind a (possibly emulated) node.
 * <ul>
 * <li>migrate: migrate_pages(2) of the whole process from every node to the chosen one (existing pages), through
 * PerfUtil's {@link PageLocator}.</li>
 * <li>bind: additionally mbind(2) MPOL_BIND|MPOL_MF_MOVE over the process's private writable anonymous mappings
 * (the committed Java heap among them), so later page faults there land on the node too; back to all nodes resets
 * them to MPOL_DEFAULT. set_mempolicy(2) cannot do this: it only governs the calling thread.</li>
 * </ul>
 */
public final class SyscallMemoryPlacement implements MemoryPlacement {
    private final MemPolicy policy;

    public SyscallMemoryPlacement(MemPolicy policy) {
        this.policy = policy;
    }

    @Override
    public void follow(int nodeIndex, NumaTopology topology) {
        if (policy == MemPolicy.NONE) {
            return;
        }
        NumaNode node = nodeIndex < 0 ? null : topology.node(nodeIndex);
        if (node != null) {
            int[] all = java.util.stream.IntStream.range(0, topology.nodeCount()).toArray();
            new PageLocator(topology).migrateProcessPages(all, new int[] {nodeIndex});
        }
        if (policy == MemPolicy.BIND) {
            long[] mask = node == null ? new long[1] : set(new long[1], node.realNode());
            MemoryPolicy.Mode mode = node == null ? MemoryPolicy.Mode.DEFAULT : MemoryPolicy.Mode.BIND;
            for (long[] range : anonymousWritableRanges()) {
                try {
                    LinuxSyscalls.mbind(range[0], range[1] - range[0], mode.mpol(), mask,
                            node == null ? 0 : MemoryPolicy.MF_MOVE,
                            "binding an anonymous mapping to node " + (node == null ? "all" : node.realNode()));
                } catch (NativeCallException e) {
                    // a mapping can vanish or change between reading maps and mbind; the rest still gets bound
                }
            }
        }
    }

    private static long[] set(long[] mask, int bit) {
        long[] m = mask.length > bit / 64 ? mask : java.util.Arrays.copyOf(mask, bit / 64 + 1);
        m[bit / 64] |= 1L << (bit % 64);
        return m;
    }

    /** [start, end) of private "rw-p" mappings without a backing file, from /proc/self/maps. */
    static java.util.List<long[]> anonymousWritableRanges() {
        java.util.List<long[]> out = new java.util.ArrayList<>();
        try {
            for (ProcessMaps.Mapping m : ProcessMaps.self()) {
                if (!m.privateWritable() || !m.anonymous()) {
                    continue;
                }
                if (m.path().startsWith("[") && !m.path().equals("[heap]")) {
                    continue; // [stack], [vvar], [vsyscall]: not ours to bind
                }
                out.add(new long[] {m.start(), m.end()});
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/self/maps: " + e.getMessage(), e);
        }
        return out;
    }
}
