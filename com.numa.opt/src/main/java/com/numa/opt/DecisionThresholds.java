package com.numa.opt;

import com.numa.core.classification.Thresholds;
import com.numa.core.flags.FlagValues;

/**
 * The numbers the Decide step compares against, all from flags: the classification's ({@code workerSharePct},
 * {@code mainSharePct}, {@code imbalancePct}: the study's embarrassing imbalance, defaults in {@link Thresholds}) and the
 * optimizer's own (margin, intervals, stabilization, the JIT's probe wait). {@code nodeCores} is the CPU count of the node a
 * single-node placement would use (TLP_BOUND: workers fit on it); {@code probeJitCpus} the JIT compiler threads'
 * demand above which a probe waits (0: never).
 */
public record DecisionThresholds(double workerSharePct, double mainSharePct, double imbalancePct, double margin,
        int nodeCores, long baseIntervalMs, long intervalStepMs, long maxIntervalMs, boolean stabilize,
        double probeJitCpus) {

    /** The default JIT demand above which a probe waits, CPUs. */
    public static final double PROBE_JIT_CPUS = 0.25;

    public DecisionThresholds {
        if (nodeCores < 1) {
            throw new IllegalArgumentException("nodeCores must be >= 1, got " + nodeCores);
        }
        if (maxIntervalMs < baseIntervalMs) {
            throw new IllegalArgumentException("-XX:NUMAOptsIntervalMax=" + maxIntervalMs + " is below -XX:NUMAOptsInterval="
                    + baseIntervalMs + ": raise the maximum or lower the interval");
        }
    }

    public static DecisionThresholds from(FlagValues f, int nodeCores) {
        int base = f.get(OptFlags.INTERVAL);
        return new DecisionThresholds(f.get(OptFlags.WORKER_SHARE), f.get(OptFlags.MAIN_SHARE), f.get(OptFlags.IMBALANCE),
                f.get(OptFlags.MARGIN), nodeCores, base, f.get(OptFlags.INTERVAL_STEP),
                Math.max(base, f.get(OptFlags.INTERVAL_MAX)), f.get(OptFlags.STABILIZE),
                f.get(OptFlags.PROBE_JIT_CPUS));
    }

    /** The paper's values (the classification's defaults, declared once in {@link Thresholds}) with a node size. */
    public static DecisionThresholds defaults(int nodeCores) {
        Thresholds d = Thresholds.DEFAULTS;
        return new DecisionThresholds(d.workerSharePct(), d.mainSharePct(), d.embarrassingImbalancePct(), 0.15, nodeCores,
                200, 200, 10_000, true, PROBE_JIT_CPUS);
    }

    /** The classification's thresholds: the study's defaults with this optimizer's parallelism flags. */
    public Thresholds classification() {
        return Thresholds.DEFAULTS.withParallelism(mainSharePct, workerSharePct, imbalancePct);
    }
}
