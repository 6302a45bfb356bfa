package com.numa.opt;

import com.numa.core.threads.ThreadIdentity;
import java.util.List;

/**
 * The Collect step's data: cumulative per-thread work (and cycles when the machine counts them) for the given threads.
 * Threads the source cannot read are left out; allocatedBytes may be NaN (the collector fills it in).
 */
public interface WorkSource extends AutoCloseable {

    /** "instructions" when work is retired instructions, "cpu-ns" when it is CPU time standing in for them. */
    String workUnit();

    /** True when readings carry cycles, so CPI can be computed. */
    boolean hasCycles();

    List<ThreadWork> read(List<ThreadIdentity> threads);

    /** Where the numbers come from, for the log. */
    String describe();

    @Override
    default void close() {
    }
}
