/**
 * Locality without a PMU: remote memory accesses sampled from the kernel's NUMA balancing. {@link
 * com.numa.perfutil.locality.KernelLocalitySampler} samples every thread's page faults (hinting faults included) with
 * their addresses and CPUs, finds each page's node with move_pages and counts local and remote samples per thread,
 * address range ({@link com.numa.perfutil.locality.MemoryRanges}) and node; {@link
 * com.numa.perfutil.locality.NumaBalancing} enables and tunes the balancer's scanning for the window and restores it.
 * The figure is a remote share of sampled page accesses, not of LLC misses (docs/kernel-locality.md).
 */
package com.numa.perfutil.locality;
