package com.numa.characterize.analysis;

import com.numa.core.classification.ThreadWork;
import com.numa.core.classification.Thresholds;
import com.numa.core.classification.WorkShares;
import java.util.List;
import java.util.Map;

/**
 * Table 2 of one run: the shares of work of the main, auxiliary and worker threads, and the imbalance (Eq. 1) of the
 * steady workers' cycles (C), instructions (I) and object accesses (OA) ({@link WorkShares#steadyWorkers()}). Work is retired instructions where the PMU
 * counts them, else CPU time (task-clock), and says which. JVM-internal threads (GC, JIT, numa-jvm's own) are left out
 * of the shares and reported apart. Who is a worker is {@link WorkShares}' one rule (turned-over pools grouped; a main
 * thread that takes part in the work counted with the workers in the imbalance and the thread count).
 *
 * @param workMetric      the event that measured work: instructions, or task-clock without a PMU
 * @param mainPct         the main thread's share of the application's work
 * @param auxiliaries     non-main application threads below the worker share
 * @param auxiliaryPct    their share
 * @param workers         the worker threads' names
 * @param workersPct      their share
 * @param parallelThreads the threads that ran the parallel work: the workers, plus main when it takes part
 * @param mainTakesPart   main counted with the workers
 * @param turnedOverPools pools whose turned-over threads were grouped into the workers
 * @param cyclesImbalancePct       C: over cycles, or task-clock without a PMU
 * @param instructionsImbalancePct I: over instructions; NaN without a PMU
 * @param accessesImbalancePct     OA: over the profiler's object accesses; NaN when not profiled
 * @param jvmInternalPct  the JVM's own threads' work as a share of all work (apart from the shares above)
 * @param appCpuSeconds   the application threads' CPU time (task-clock) in the window; NaN when not counted
 * @param appCpuSharePct  their share of the JVM's CPU time in the window; NaN when not counted
 * @param threadsMeasured application threads with counts
 * @param startSpreadPct  how far apart the steady workers began to be counted, as a share of the time they span
 *                        ({@link WorkShares#steadyStartSpreadPct()}); NaN when unknown
 */
public record Parallelism(String workMetric, double mainPct, int auxiliaries, double auxiliaryPct, List<String> workers,
        double workersPct, int parallelThreads, boolean mainTakesPart, List<String> turnedOverPools,
        double cyclesImbalancePct, double instructionsImbalancePct, double accessesImbalancePct, double jvmInternalPct,
        double appCpuSeconds, double appCpuSharePct, int threadsMeasured, double startSpreadPct) {

    public Parallelism {
        workers = List.copyOf(workers);
        turnedOverPools = List.copyOf(turnedOverPools);
    }

    /** Without the workers' start spread (unknown). */
    public Parallelism(String workMetric, double mainPct, int auxiliaries, double auxiliaryPct, List<String> workers,
            double workersPct, int parallelThreads, boolean mainTakesPart, List<String> turnedOverPools,
            double cyclesImbalancePct, double instructionsImbalancePct, double accessesImbalancePct,
            double jvmInternalPct, double appCpuSeconds, double appCpuSharePct, int threadsMeasured) {
        this(workMetric, mainPct, auxiliaries, auxiliaryPct, workers, workersPct, parallelThreads, mainTakesPart,
                turnedOverPools, cyclesImbalancePct, instructionsImbalancePct, accessesImbalancePct, jvmInternalPct,
                appCpuSeconds, appCpuSharePct, threadsMeasured, Double.NaN);
    }

    /**
     * Computes the row. {@code accessesByThread} maps thread names to the profiler's object accesses (reads + writes)
     * in its own run; empty when not profiled.
     */
    public static Parallelism of(PerfUtilRows rows, Map<String, Double> accessesByThread, Thresholds t) {
        boolean pmu = rows.events().contains("instructions");
        String work = pmu ? "instructions" : "task-clock";
        String cycles = rows.events().contains("cycles") ? "cycles" : "task-clock";
        WorkShares.ThreadView<ThreadWork> view = ThreadWork.view(work);
        WorkShares<ThreadWork> shares = WorkShares.of(rows.threads(), view, t.workerSharePct());
        double oa = Double.NaN;
        if (!accessesByThread.isEmpty() && shares.steadyWorkers().size() > 1) {
            oa = shares.imbalancePct(w -> accessesByThread.getOrDefault(w.name(), 0.0));
        }
        double all = rows.threads().stream().mapToDouble(w -> w.count(work)).sum();
        boolean cpu = rows.events().contains("task-clock");
        double appCpuNs = rows.threads().stream().filter(ThreadWork::isApplication).mapToDouble(w -> w.count("task-clock"))
                .sum();
        double allCpuNs = rows.threads().stream().mapToDouble(w -> w.count("task-clock")).sum();
        int measured = (int) rows.threads().stream().filter(ThreadWork::isApplication).count();
        return new Parallelism(work, shares.mainPct(), shares.auxiliaries().size(), shares.auxiliaryPct(),
                shares.workers().stream().map(ThreadWork::name).toList(), shares.workersPct(), shares.parallelThreads().size(),
                shares.mainTakesPart(), shares.turnedOverPools(),
                shares.imbalancePct(w -> w.count(cycles)),
                pmu ? shares.imbalancePct(w -> w.count("instructions")) : Double.NaN,
                oa, all > 0 ? 100 * (all - shares.appWork()) / all : 0, cpu ? appCpuNs / 1e9 : Double.NaN,
                cpu && allCpuNs > 0 ? 100 * appCpuNs / allCpuNs : Double.NaN, measured, shares.steadyStartSpreadPct());
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
