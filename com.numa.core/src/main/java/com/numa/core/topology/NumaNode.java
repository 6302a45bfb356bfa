package com.numa.core.topology;

/**
 * One NUMA node as this process sees it: its id, the CPUs of it this process may use, its memory size, and the real
 * kernel node whose memory backs it (itself on a real topology; the one real node on an emulated topology).
 */
public record NumaNode(int id, CpuSet cpus, long memoryBytes, int realNode) {
}
