package com.numa.characterize.builtin;

import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import com.numa.core.workload.WorkloadArguments;

/**
 * TLP-Bound (ISMM'23 §4.1.2) and Data Parallel: balanced workers on private rings, but only half as many workers as
 * available processors whatever {@code threads=} says, so the thread-level parallelism stays below the machine's (the
 * paper's TLP-bound applications run 2-4 workers on larger machines). On a one-processor machine it cannot be
 * TLP-bound: it then runs one worker on one processor.
 */
public final class HalfCoresWalk implements Workload {
    static final String NAME = "half-cores-walk";
    private static final long UNITS_PER_WORKER = 24;

    private final RingWalkers walkers;
    private final long units;

    HalfCoresWalk(WorkloadArguments arguments) {
        units = UNITS_PER_WORKER * arguments.size().scale();
        walkers = Setup.interruptibly(() -> new RingWalkers(NAME, workers()));
    }

    /** Fewer workers than processors: half of them, at least one. */
    static int workers() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, HalfCoresWalk::new);
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
