package com.numa.opt;

import com.numa.core.classification.WorkShares;
import com.numa.core.threads.ThreadRole;
import java.util.List;

/**
 * The Process step's output for one interval (paper §5.1): each candidate signal's cost (CPI or its stand-ins, lower
 * is better, NaN when unmeasurable, in the order the probe prefers them), the main thread's share of the application's
 * work, the number of workers and their imbalance (Eq. 1: stdev / mean, in percent), and the CPUs the application
 * threads kept busy ({@link CostSignal#busyCpus}: what must fit on a node before the program is confined to it; NaN
 * when work is not CPU time), and those the whole JVM kept busy (JIT and GC included, {@link ProcessCpu}); and the CPUs
 * the application threads, the JVM's threads and its JIT compiler threads wanted, busy or waiting for a CPU
 * ({@link ThreadDemand}: what they would have kept busy on an idle machine; NaN when unknown).
 * Application work is that of MAIN and APPLICATION threads; JVM-internal threads are left out as the paper leaves out
 * VM threads.
 */
public record IntervalMetrics(List<SignalCost> costs, double mainSharePct, int workers, double imbalancePct,
        double appWork, double busyCpus, double jvmBusyCpus, double appWantCpus, double jvmWantCpus,
        double jitWantCpus) {

    public IntervalMetrics {
        costs = List.copyOf(costs);
    }

    /** Without the wanted CPUs (unknown). */
    public IntervalMetrics(List<SignalCost> costs, double mainSharePct, int workers, double imbalancePct,
            double appWork, double busyCpus, double jvmBusyCpus) {
        this(costs, mainSharePct, workers, imbalancePct, appWork, busyCpus, jvmBusyCpus, Double.NaN, Double.NaN,
                Double.NaN);
    }

    /** Without the whole JVM's CPUs (unknown). */
    public IntervalMetrics(List<SignalCost> costs, double mainSharePct, int workers, double imbalancePct,
            double appWork, double busyCpus) {
        this(costs, mainSharePct, workers, imbalancePct, appWork, busyCpus, Double.NaN);
    }

    /** The same interval with the CPUs the whole JVM kept busy ({@link ProcessCpu}; NaN when unknown). */
    public IntervalMetrics withJvmBusyCpus(double busy) {
        return new IntervalMetrics(costs, mainSharePct, workers, imbalancePct, appWork, busyCpus, busy, appWantCpus,
                jvmWantCpus, jitWantCpus);
    }

    /**
     * The same interval with the CPUs the application threads, the JVM's and its JIT compiler threads wanted
     * ({@link ThreadDemand#read}: {app, jvm, jit}).
     */
    public IntervalMetrics withWantedCpus(double[] wanted) {
        return new IntervalMetrics(costs, mainSharePct, workers, imbalancePct, appWork, busyCpus, jvmBusyCpus,
                wanted[0], wanted[1], wanted[2]);
    }

    /** What the application threads need on a node: the CPUs they wanted where known, else those they kept busy. */
    public double appDemand() {
        return Double.isNaN(appWantCpus) ? busyCpus : appWantCpus;
    }

    /** What the JVM's threads need on a node: the CPUs they wanted where known, else those the process kept busy. */
    public double jvmDemand() {
        return Double.isNaN(jvmWantCpus) ? jvmBusyCpus : jvmWantCpus;
    }

    /** An interval in which the application did no measurable work (nothing to decide on). */
    public boolean idle() {
        return !(appWork > 0);
    }

    /** The preferred signal that measured something this interval, or null. */
    public SignalCost firstMeasurable() {
        return costs.stream().filter(SignalCost::measurable).findFirst().orElse(null);
    }

    /** The log's cost column: the first measurable signal's cost, NaN when none measured. */
    public double cost() {
        SignalCost c = firstMeasurable();
        return c == null ? Double.NaN : c.cost();
    }

    /** The log's signal column: the first measurable signal, else the first candidate, else "none". */
    public String signal() {
        SignalCost c = firstMeasurable();
        return c != null ? c.name() : costs.isEmpty() ? "none" : costs.get(0).name();
    }

    /**
     * Computes the metrics of one interval from per-thread deltas; the costs come from the signals already chosen.
     * Workers, main's share and the imbalance follow the study's one rule ({@link WorkShares}): {@code workers} counts
     * the workers (a worker's pool siblings in; main apart), and the imbalance is Eq. 1 over the steady workers
     * ({@link WorkShares#imbalancePct}).
     */
    public static IntervalMetrics of(List<ThreadWork> deltas, double workerSharePct, List<SignalCost> costs,
            double busyCpus) {
        WorkShares<ThreadWork> shares = WorkShares.of(deltas, VIEW, workerSharePct);
        if (!(shares.appWork() > 0)) {
            return new IntervalMetrics(costs, 0, 0, 0, 0, busyCpus);
        }
        // workers without main: whether main runs beside them is what the Decide step's demand check measures (the
        // CPUs the application threads kept busy), which an interval's shares cannot tell (main and a thread that
        // take turns have the same shares as two that run at once)
        return new IntervalMetrics(costs, shares.mainPct(), shares.workers().size(),
                shares.imbalancePct(ThreadWork::work), shares.appWork(),
                busyCpus);
    }

    // no lifetimes: an interval's deltas are of the threads alive at its reading (IntervalCollector), which lived at
    // the same time, so none of its pools turned over and a crew's idle siblings count as the workers they are
    private static final WorkShares.ThreadView<ThreadWork> VIEW = new WorkShares.ThreadView<>() {
        @Override
        public ThreadRole role(ThreadWork t) {
            return t.thread().role();
        }

        @Override
        public String name(ThreadWork t) {
            return t.thread().name();
        }

        @Override
        public double work(ThreadWork t) {
            return t.work() > 0 ? t.work() : 0;
        }
    };
}
