package com.numa.opt;

import com.numa.core.threads.ThreadRole;
import java.util.List;

/**
 * The Process step's output for one interval (paper §5.1): the application's cost per unit of work (CPI or its
 * stand-in, lower is better, NaN when unmeasurable), the main thread's share of the application's work, the number of
 * workers and their imbalance (Eq. 1: stdev / mean, in percent). Application work is that of MAIN and APPLICATION
 * threads; JVM-internal threads are left out as the paper leaves out VM threads.
 */
public record IntervalMetrics(double cost, String signal, double mainSharePct, int workers, double imbalancePct,
        double appWork) {

    /** An interval in which the application did no measurable work (nothing to decide on). */
    public boolean idle() {
        return !(appWork > 0);
    }

    /** Computes the metrics of one interval from per-thread deltas; the cost comes from the signal already chosen. */
    public static IntervalMetrics of(List<ThreadWork> deltas, double workerSharePct, double cost, String signal) {
        double total = 0;
        double main = 0;
        for (ThreadWork w : deltas) {
            if (!w.thread().role().runsApplication() || !(w.work() > 0)) {
                continue;
            }
            total += w.work();
            if (w.thread().role() == ThreadRole.MAIN) {
                main += w.work();
            }
        }
        if (!(total > 0)) {
            return new IntervalMetrics(cost, signal, 0, 0, 0, 0);
        }
        double sum = 0;
        double sumSq = 0;
        int workers = 0;
        for (ThreadWork w : deltas) {
            if (w.thread().role() == ThreadRole.APPLICATION && w.work() > 0 && 100.0 * w.work() / total >= workerSharePct) {
                workers++;
                sum += w.work();
                sumSq += w.work() * w.work();
            }
        }
        return new IntervalMetrics(cost, signal, 100.0 * main / total, workers, imbalancePct(workers, sum, sumSq), total);
    }

    /** Eq. 1 with the population standard deviation; 0 for fewer than two workers (nothing to be imbalanced). */
    static double imbalancePct(int n, double sum, double sumSq) {
        if (n < 2 || !(sum > 0)) {
            return 0;
        }
        double mean = sum / n;
        double variance = Math.max(0, sumSq / n - mean * mean);
        return 100.0 * Math.sqrt(variance) / mean;
    }
}
