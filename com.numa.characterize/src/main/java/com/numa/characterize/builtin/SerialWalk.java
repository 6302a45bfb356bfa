package com.numa.characterize.builtin;

import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import com.numa.core.workload.WorkloadArguments;

/**
 * Single-Threaded (ISMM'23 §4.1.1) and Data Parallel: the main thread does all the work, walking a ring it built
 * itself, and starts no other thread, like fop and luindex.
 */
public final class SerialWalk implements Workload {
    static final String NAME = "serial-walk";
    private static final long UNITS = 24;

    private final ObjectRing ring = new ObjectRing(1);
    private final long units;

    SerialWalk(WorkloadArguments arguments) {
        units = UNITS * arguments.size().scale();
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, SerialWalk::new);
    }

    @Override
    public long iteration() {
        return ring.walk(units * RingWalkers.UNIT_HOPS);
    }

    @Override
    public void close() {
    }
}
