package com.numa.opt;

import com.numa.core.classification.Thresholds;
import com.numa.core.flags.Flag;
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
        return of(f, nodeCores);
    }

    /**
     * Every flag at its declared default (the classification's, declared once in {@link Thresholds}, and the
     * optimizer's own in {@link OptFlags}) with a node size.
     */
    public static DecisionThresholds defaults(int nodeCores) {
        return of(null, nodeCores);
    }

    /** {@code f}: the flags given, or null for every flag's declared default. No lambda: this runs in premain. */
    private static DecisionThresholds of(FlagValues f, int nodeCores) {
        int base = value(f, OptFlags.INTERVAL);
        return new DecisionThresholds(value(f, OptFlags.WORKER_SHARE), value(f, OptFlags.MAIN_SHARE),
                value(f, OptFlags.IMBALANCE), value(f, OptFlags.MARGIN), nodeCores, base, value(f, OptFlags.INTERVAL_STEP),
                Math.max(base, value(f, OptFlags.INTERVAL_MAX)), value(f, OptFlags.STABILIZE),
                value(f, OptFlags.PROBE_JIT_CPUS));
    }

    private static <T> T value(FlagValues f, Flag<T> flag) {
        return f == null ? flag.defaultValue() : f.get(flag);
    }

    /** The classification's thresholds: the study's defaults with this optimizer's parallelism flags. */
    public Thresholds classification() {
        return Thresholds.DEFAULTS.withParallelism(mainSharePct, workerSharePct, imbalancePct);
    }
}
