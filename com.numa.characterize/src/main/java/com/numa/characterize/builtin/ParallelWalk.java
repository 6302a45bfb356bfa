package com.numa.characterize.builtin;

import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import com.numa.core.workload.WorkloadArguments;

/**
 * Explicitly Parallel (ISMM'23 §4.1.5) and Data Parallel: {@code threads=} workers, the same walk each, each on a ring
 * it built itself: balanced and free of shared data, the case that should scale on a NUMA machine.
 */
public final class ParallelWalk implements Workload {
    static final String NAME = "parallel-walk";
    private static final long UNITS_PER_WORKER = 24;

    private final RingWalkers walkers;
    private final long units;

    ParallelWalk(WorkloadArguments arguments) {
        units = UNITS_PER_WORKER * arguments.size().scale();
        walkers = Setup.interruptibly(() -> new RingWalkers(NAME, arguments.threads()));
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, ParallelWalk::new);
    }

    @Override
    public long iteration() throws InterruptedException {
        return walkers.walk(k -> units);
    }

    @Override
    public void close() {
        walkers.close();
    }
}
