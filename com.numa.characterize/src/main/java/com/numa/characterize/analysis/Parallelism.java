package com.numa.characterize.analysis;

import com.numa.core.stats.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Table 2 of one run: the shares of work of the main, auxiliary and worker threads, and the imbalance (Eq. 1: standard
 * deviation over mean, in %) of the workers' cycles (C), instructions (I) and object accesses (OA). Work is retired
 * instructions where the PMU counts them, else CPU time (task-clock), and says which. JVM-internal threads (GC, JIT,
 * numa-jvm's own) are left out of the shares and reported apart.
 *
 * @param workMetric      the event that measured work: instructions, or task-clock without a PMU
 * @param mainPct         the main thread's share of the application's work
 * @param auxiliaries     non-main application threads below the worker share
 * @param auxiliaryPct    their share
 * @param workers         the worker threads' names
 * @param workersPct      their share
 * @param cyclesImbalancePct       C: over cycles, or task-clock without a PMU
 * @param instructionsImbalancePct I: over instructions; NaN without a PMU
 * @param accessesImbalancePct     OA: over the profiler's object accesses; NaN when not profiled
 * @param jvmInternalPct  the JVM's own threads' work as a share of all work (apart from the shares above)
 */
public record Parallelism(String workMetric, double mainPct, int auxiliaries, double auxiliaryPct, List<String> workers,
        double workersPct, double cyclesImbalancePct, double instructionsImbalancePct, double accessesImbalancePct,
        double jvmInternalPct) {

    public Parallelism {
        workers = List.copyOf(workers);
    }

    /**
     * Computes the row. {@code accessesByThread} maps thread names to the profiler's object accesses (reads + writes)
     * in its own run; empty when not profiled.
     */
    public static Parallelism of(PerfUtilRows rows, Map<String, Double> accessesByThread, Thresholds t) {
        boolean pmu = rows.events().contains("instructions");
        String work = pmu ? "instructions" : "task-clock";
        String cycles = rows.events().contains("cycles") ? "cycles" : "task-clock";
        double all = 0;
        double app = 0;
        double main = 0;
        List<ThreadWork> others = new ArrayList<>();
        for (ThreadWork w : rows.threads()) {
            double v = w.count(work);
            all += v;
            if (w.isApplication()) {
                app += v;
                if (w.isMain()) {
                    main += v;
                } else {
                    others.add(w);
                }
            }
        }
        double rest = app - main;
        List<ThreadWork> workers = new ArrayList<>();
        double workersWork = 0;
        for (ThreadWork w : others) {
            if (rest > 0 && 100 * w.count(work) / rest >= t.workerSharePct()) {
                workers.add(w);
                workersWork += w.count(work);
            }
        }
        double auxWork = rest - workersWork;
        double oa = Double.NaN;
        if (!accessesByThread.isEmpty() && workers.size() > 1) {
            double[] accesses = workers.stream().mapToDouble(w -> accessesByThread.getOrDefault(w.name(), 0.0)).toArray();
            oa = imbalancePct(accesses);
        }
        return new Parallelism(work, pct(main, app), others.size() - workers.size(), pct(auxWork, app),
                workers.stream().map(ThreadWork::name).toList(), pct(workersWork, app),
                imbalancePct(workers.stream().mapToDouble(w -> w.count(cycles)).toArray()),
                pmu ? imbalancePct(workers.stream().mapToDouble(w -> w.count("instructions")).toArray()) : Double.NaN,
                oa, pct(all - app, all));
    }

    /** Eq. (1): population standard deviation over mean, in %; 0 for fewer than two values. */
    static double imbalancePct(double[] values) {
        if (values.length < 2) {
            return 0;
        }
        double mean = Stats.mean(values);
        if (mean <= 0) {
            return 0;
        }
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return 100 * Math.sqrt(ss / values.length) / mean;
    }

    private static double pct(double part, double whole) {
        return whole > 0 ? 100 * part / whole : 0;
    }

    /**
     * The imbalance the classification uses: a count of work before a time. Instructions (I) where the PMU counts them,
     * else the profiler's object accesses (OA) where the run was profiled, else CPU time (C). CPU time is the last
     * resort because it is not work: seven workers time-sharing one core evict each other's data and pay more per hop
     * than one worker that finishes alone, which hid half of dominant-worker's designed 135% on a loaded machine.
     */
    public double workImbalancePct() {
        if (!Double.isNaN(instructionsImbalancePct)) {
            return instructionsImbalancePct;
        }
        return Double.isNaN(accessesImbalancePct) ? cyclesImbalancePct : accessesImbalancePct;
    }

    /** Which column {@link #workImbalancePct()} took: I, OA or C. */
    public String workImbalanceColumn() {
        if (!Double.isNaN(instructionsImbalancePct)) {
            return "I";
        }
        return Double.isNaN(accessesImbalancePct) ? "C" : "OA";
    }
}
