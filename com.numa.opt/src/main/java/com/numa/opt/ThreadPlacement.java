package com.numa.opt;

import com.numa.core.topology.CpuSet;

/** The Act step's hands for threads: set and read one kernel thread's CPU affinity. */
public interface ThreadPlacement {

    /** Restricts thread {@code tid} to {@code cpus}; false when the thread no longer exists. */
    boolean pin(int tid, CpuSet cpus);

    /** The CPUs thread {@code tid} may run on, or null when it no longer exists. */
    CpuSet affinityOf(int tid);

    /** The CPU the calling thread runs on now. */
    int currentCpu();
}
