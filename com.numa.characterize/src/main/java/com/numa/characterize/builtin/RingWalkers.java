package com.numa.characterize.builtin;

import java.util.function.IntToLongFunction;

/**
 * A crew whose every worker walks its own {@link ObjectRing}: the data-parallel core of the walk workloads, which
 * differ only in how many workers there are and how many hops each one makes. Each ring is built on its worker's
 * thread, so the worker is its owner and every hop is a private access.
 */
final class RingWalkers implements AutoCloseable {
    /** Hops in one unit of work: a few milliseconds of one core. */
    static final long UNIT_HOPS = 1L << 20;

    private final WorkerCrew crew;
    private final ObjectRing[] rings;

    RingWalkers(String workload, int workers) throws InterruptedException {
        crew = new WorkerCrew(workload, workers);
        rings = new ObjectRing[workers];
        crew.round(k -> {
            rings[k] = new ObjectRing(k + 1L);
            return 0;
        });
    }

    /** One round: worker k walks {@code unitsOf.applyAsLong(k)} units; returns the digest of all walks. */
    long walk(IntToLongFunction unitsOf) throws InterruptedException {
        return crew.sum(k -> rings[k].walk(unitsOf.applyAsLong(k) * UNIT_HOPS));
    }

    @Override
    public void close() {
        crew.close();
    }
}
