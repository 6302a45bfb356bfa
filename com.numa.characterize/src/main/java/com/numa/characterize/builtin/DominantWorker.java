package com.numa.characterize.builtin;

import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import com.numa.core.workload.WorkloadArguments;

/**
 * Embarrassingly Imbalanced (ISMM'23 §4.1.3) and Data Parallel: eight workers whatever {@code threads=} says, one of
 * which walks 28 units for every 3 of each of the other seven (57% of the work against 6.1% each).
 *
 * <p>Why not the paper's 80%: with 80% on one worker the other seven get 2.9% each, under the 4% share below which
 * the classifier calls a thread auxiliary, and the run would show one worker (TLP-Bound). At 57/6.1 the seven stay
 * workers (1.5x the 4% line) and the imbalance is 135% (1.5x the 90% line).
 */
public final class DominantWorker implements Workload {
    static final String NAME = "dominant-worker";
    static final int WORKERS = 8;
    static final long DOMINANT_UNITS = 28;
    static final long OTHER_UNITS = 3;

    private final RingWalkers walkers;
    private final int scale;

    DominantWorker(WorkloadArguments arguments) {
        scale = arguments.size().scale();
        walkers = Setup.interruptibly(() -> new RingWalkers(NAME, WORKERS));
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, DominantWorker::new);
    }

    @Override
    public long iteration() throws InterruptedException {
        return walkers.walk(k -> (k == 0 ? DOMINANT_UNITS : OTHER_UNITS) * scale);
    }

    @Override
    public void close() {
        walkers.close();
    }
}
