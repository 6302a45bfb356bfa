package com.numa.perfutil.affinity;

import com.numa.core.io.KernelFiles;
import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.core.topology.CpuSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

/** The likely fix for each errno of the affinity and memory-placement calls, attached to the failure. */
final class KernelHints {
    private static final Path NODES = Path.of("/sys/devices/system/node");

    private KernelHints() {
    }

    /** The same failure with {@code hint} as its detail; the original stays as the cause. */
    static NativeCallException withHint(NativeCallException e, String hint) {
        NativeCallException better = new NativeCallException(e.call(), e.errno(), hint);
        better.initCause(e);
        return better;
    }

    /** {@code cpus} is null for a query (sched_getaffinity). */
    static String affinity(int errno, int tid, CpuSet cpus) {
        return switch (errno) {
            case Errno.EINVAL -> cpus == null ? "tid " + tid : "CPUs " + cpus.toList() + " for tid " + tid + " are all offline or outside this "
                    + "process's cpuset; pick CPUs from the topology's usableCpus()";
            case Errno.ESRCH -> "thread " + tid + " has ended or is not in this process";
            case Errno.EPERM -> "changing the affinity of thread " + tid + " of another user needs CAP_SYS_NICE";
            default -> "tid " + tid + (cpus == null ? "" : ", CPUs " + cpus.toList());
        };
    }

    static String mempolicy(int errno, Set<Integer> realNodes) {
        return switch (errno) {
            case Errno.EINVAL -> "real node(s) " + realNodes + " have no memory or are outside this process's "
                    + "cpuset.mems (nodes with memory: " + nodesWithMemory() + "); on an emulated topology the "
                    + "pseudo-node's realNode is used, so check that it names a node with memory";
            case Errno.EFAULT -> "the node mask could not be read (internal error in numa-jvm)";
            default -> "real node(s) " + realNodes;
        };
    }

    static String movePages(int errno, int pid, Set<Integer> realNodes) {
        return switch (errno) {
            case Errno.EPERM -> "moving or querying pages of another process (pid " + pid + ") needs CAP_SYS_NICE "
                    + "(run as root or grant the capability)";
            case Errno.ESRCH -> "process " + pid + " does not exist";
            case Errno.ENODEV -> "target real node(s) " + realNodes + " are not online (online: "
                    + onlineNodes() + ")";
            case Errno.EACCES -> "real node(s) " + realNodes + " are outside the target process's cpuset.mems";
            case Errno.E2BIG -> "too many pages in one call; pass fewer addresses";
            case Errno.EINVAL -> "real node(s) " + realNodes + " are not valid targets (nodes with memory: "
                    + nodesWithMemory() + ")";
            default -> "pid " + pid + (realNodes.isEmpty() ? "" : ", real node(s) " + realNodes);
        };
    }

    private static String nodesWithMemory() {
        return sysfsList("has_memory");
    }

    private static String onlineNodes() {
        return sysfsList("online");
    }

    private static String sysfsList(String file) {
        try {
            return KernelFiles.read(NODES.resolve(file)).strip();
        } catch (IOException e) {
            return "unknown, " + NODES.resolve(file) + " unreadable";
        }
    }
}
