package com.numa.perfutil.locality;

/**
 * One sampled touch of a heap page, as the kernel locality source counts it: the page (its address, page-aligned), the
 * range holding it ({@link MemoryRanges#HEAP} or a generation of it), the real node of the CPU that touched it and the
 * real node the page was on when the sampler first asked (a page moved later keeps that node here). The source cannot
 * tell a read from a write: page faults and hinting faults carry no access type.
 */
@FunctionalInterface
public interface HeapSampleSink {
    void sample(long page, String range, int cpuNode, int pageNode);
}
