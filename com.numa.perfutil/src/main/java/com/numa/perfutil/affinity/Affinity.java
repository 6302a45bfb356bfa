package com.numa.perfutil.affinity;

import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.perfutil.threads.ProcTasks;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaTopology;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Where threads run and where memory goes. Public surface of {@code com.numa.perfutil.affinity}:
 * <ul>
 * <li>{@link Affinity} (this class): CPU affinity of one thread ({@link #pinThread}, {@link #affinityOf},
 * {@link #pinThreadToNodes}) or of every thread of the process ({@link #pinAllThreads}, {@link #restore}), and where
 * the caller runs ({@link #currentCpu}, {@link #currentNode});</li>
 * <li>{@link MemoryPolicy}: the calling thread's set_mempolicy/get_mempolicy in terms of topology node indexes;</li>
 * <li>{@link PageLocator} and {@link PageNodes}: which node holds a page (move_pages query), moving pages and
 * migrating a process's pages between nodes.</li>
 * </ul>
 * Node arguments are indexes into a {@link NumaTopology}, real or emulated. On an emulated topology affinity calls
 * are real calls on the pseudo-node's CPUs, and memory calls target the pseudo-node's {@code realNode}: the answers
 * about pages are real node ids, which several pseudo-nodes may share. A tid of 0 means the calling thread.
 * Failures are {@link NativeCallException}s carrying the errno and the likely fix.
 */
public final class Affinity {
    /** Passes over /proc/self/task in {@link #pinAllThreads}: threads started meanwhile are caught by the next one. */
    private static final int MAX_PASSES = 5;

    private Affinity() {
    }

    /** Restricts thread {@code tid} to {@code cpus} (sched_setaffinity). */
    public static void pinThread(int tid, CpuSet cpus) {
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("cannot pin tid " + tid + " to an empty CPU set");
        }
        try {
            LinuxSyscalls.schedSetaffinity(tid, cpus.toMask());
        } catch (NativeCallException e) {
            throw KernelHints.withHint(e, KernelHints.affinity(e.errno(), tid, cpus));
        }
    }

    /** The CPUs thread {@code tid} may run on (sched_getaffinity). */
    public static CpuSet affinityOf(int tid) {
        try {
            return CpuSet.fromMask(LinuxSyscalls.schedGetaffinity(tid));
        } catch (NativeCallException e) {
            throw KernelHints.withHint(e, KernelHints.affinity(e.errno(), tid, null));
        }
    }

    /** Restricts thread {@code tid} to the CPUs of the given nodes (indexes into {@code topology}). */
    public static void pinThreadToNodes(int tid, NumaTopology topology, int... nodeIndexes) {
        if (nodeIndexes.length == 0) {
            throw new IllegalArgumentException("no node index given for tid " + tid);
        }
        CpuSet cpus = CpuSet.of();
        for (int i : nodeIndexes) {
            NodeMasks.checkIndex(topology, i);
            cpus = cpus.union(topology.node(i).cpus());
        }
        pinThread(tid, cpus);
    }

    /**
     * Pins every thread of this process to {@code cpus} and returns each pinned thread's previous affinity (for
     * {@link #restore}). Threads that end meanwhile (ESRCH) are skipped; threads started meanwhile are picked up by
     * another pass. On any other failure the threads already pinned are restored and the failure is thrown.
     */
    public static Map<Integer, CpuSet> pinAllThreads(CpuSet cpus) {
        Map<Integer, CpuSet> previous = new LinkedHashMap<>();
        Set<Integer> seen = new HashSet<>();
        try {
            for (int pass = 0; pass < MAX_PASSES; pass++) {
                boolean sawNew = false;
                for (int tid : ProcTasks.tids()) {
                    if (!seen.add(tid)) {
                        continue;
                    }
                    sawNew = true;
                    try {
                        CpuSet before = affinityOf(tid);
                        pinThread(tid, cpus);
                        previous.put(tid, before);
                    } catch (NativeCallException e) {
                        if (e.errno() != Errno.ESRCH) {
                            throw e;
                        }
                    }
                }
                if (!sawNew) {
                    break;
                }
            }
        } catch (RuntimeException e) {
            try {
                restore(previous);
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        return previous;
    }

    /** Gives each thread its recorded affinity back; threads that have ended are skipped. */
    public static void restore(Map<Integer, CpuSet> affinities) {
        for (Map.Entry<Integer, CpuSet> e : affinities.entrySet()) {
            try {
                pinThread(e.getKey(), e.getValue());
            } catch (NativeCallException ex) {
                if (ex.errno() != Errno.ESRCH) {
                    throw ex;
                }
            }
        }
    }

    /**
     * The CPU the calling thread is running on right now (sched_getcpu, about 0.1 us and no allocation, so hot paths
     * may call it); stale as soon as the scheduler moves the thread.
     */
    public static int currentCpu() {
        return LinuxSyscalls.currentCpu();
    }

    /**
     * The index in {@code topology} of the node whose CPUs include the current CPU (so pseudo-nodes work), or -1 when
     * the thread runs on a CPU outside the topology.
     */
    public static int currentNode(NumaTopology topology) {
        return topology.nodeOfCpu(currentCpu());
    }
}
