package com.numa.characterize.analysis;

import com.numa.characterize.suite.ExpectedCategories.DataDependency;
import java.util.Locale;

/**
 * The study's classification (ISMM'23 Figures 2 and 3), pure: from Table 2, 4, 5 and 6 figures to the categories and a
 * one-line recommendation.
 * <ul>
 * <li>Parallelism, checked in this order: Single-Threaded (main's share above {@code mainSharePct}, or no worker);
 * Embarrassingly Imbalanced (workers' imbalance above {@code embarrassingImbalancePct}); TLP-Bound (fewer workers than
 * the machine's CPUs); Imbalanced (imbalance above {@code imbalancePct}); else Explicitly Parallel.</li>
 * <li>Data dependencies: Read &amp; Write Dependencies at shared writes of {@code sharedWritePct} or more; Data
 * Parallel when shared reads are also below {@code sharedReadPct}; else Read-Only Dependencies.</li>
 * <li>Locality-Bound: Dual Node's LLC miss rate exceeds Single Node's by {@code localityMissIncreasePct} points.</li>
 * </ul>
 */
public final class Classifier {
    private final Thresholds t;
    private final int machineCpus;

    /** {@code machineCpus}: the usable CPUs of the whole machine (All Nodes), against which TLP is judged. */
    public Classifier(Thresholds thresholds, int machineCpus) {
        this.t = thresholds;
        this.machineCpus = machineCpus;
    }

    /**
     * @param p            Table 2 (Single Node)
     * @param sharedReadPct  Table 4, NaN when not profiled
     * @param sharedWritePct Table 4, NaN when not profiled
     * @param locality     Table 5
     * @param scaling      Table 6: All Nodes / Single Node performance, NaN when not both ran
     */
    public Verdict classify(Parallelism p, double sharedReadPct, double sharedWritePct, Locality locality, double scaling) {
        com.numa.characterize.suite.ExpectedCategories.Parallelism par;
        String why;
        double imbalance = p.workImbalancePct();
        if (p.mainPct() > t.mainSharePct() || p.workers().isEmpty()) {
            par = com.numa.characterize.suite.ExpectedCategories.Parallelism.SINGLE_THREADED;
            why = p.workers().isEmpty() ? "no worker thread" : f("main does %.0f%% of the work (> %.0f%%)", p.mainPct(), t.mainSharePct());
        } else if (imbalance > t.embarrassingImbalancePct()) {
            par = com.numa.characterize.suite.ExpectedCategories.Parallelism.EMBARRASSINGLY_IMBALANCED;
            why = f("workers' imbalance %.0f%% (%s, > %.0f%%)", imbalance, p.workImbalanceColumn(), t.embarrassingImbalancePct());
        } else if (p.workers().size() < machineCpus) {
            par = com.numa.characterize.suite.ExpectedCategories.Parallelism.TLP_BOUND;
            why = f("%d worker(s) for %d CPUs", p.workers().size(), machineCpus);
        } else if (imbalance > t.imbalancePct()) {
            par = com.numa.characterize.suite.ExpectedCategories.Parallelism.IMBALANCED;
            why = f("%d workers, imbalance %.0f%% (%s, > %.0f%%)", p.workers().size(), imbalance, p.workImbalanceColumn(),
                    t.imbalancePct());
        } else {
            par = com.numa.characterize.suite.ExpectedCategories.Parallelism.EXPLICITLY_PARALLEL;
            why = f("%d balanced workers (imbalance %.0f%%, %s)", p.workers().size(), imbalance, p.workImbalanceColumn());
        }
        DataDependency dep = null;
        if (!Double.isNaN(sharedReadPct) && !Double.isNaN(sharedWritePct)) {
            if (sharedWritePct >= t.sharedWritePct()) {
                dep = DataDependency.READ_WRITE;
            } else if (sharedReadPct < t.sharedReadPct()) {
                dep = DataDependency.DATA_PARALLEL;
            } else {
                dep = DataDependency.READ_ONLY;
            }
            why += f("; shared reads %.1f%%, shared writes %.2f%%", sharedReadPct, sharedWritePct);
        }
        Boolean localityBound = null;
        if (locality.measured() && !Double.isNaN(locality.missIncreasePct())) {
            localityBound = locality.missIncreasePct() > t.localityMissIncreasePct();
            why += f("; LLC miss rate +%.1f points from Single to Dual Node", locality.missIncreasePct());
        }
        if (!Double.isNaN(scaling)) {
            why += f("; All Nodes %.2fx Single Node", scaling);
        }
        return new Verdict(par, dep, localityBound, scaling, recommend(par, dep, localityBound, scaling), why);
    }

    public Thresholds thresholds() {
        return t;
    }

    private String recommend(com.numa.characterize.suite.ExpectedCategories.Parallelism par, DataDependency dep,
            Boolean localityBound, double scaling) {
        boolean loses = !Double.isNaN(scaling) && scaling < t.scalingLossRatio();
        switch (par) {
            case SINGLE_THREADED:
            case EMBARRASSINGLY_IMBALANCED:
            case TLP_BOUND:
                return "run on one node (numactl --cpunodebind=0 --membind=0): it cannot use more cores"
                        + (loses ? ", and more nodes made it slower" : "");
            case IMBALANCED:
                return "-XX:+NUMAOpts decides online; rebalance the work (the slowest worker sets the pace)";
            default:
                if (dep == DataDependency.READ_WRITE || Boolean.TRUE.equals(localityBound) || loses) {
                    return "-XX:+NUMAOpts decides online: "
                            + (dep == DataDependency.READ_WRITE ? "shared writes make remote nodes costly"
                                    : Boolean.TRUE.equals(localityBound) ? "LLC misses grow across nodes"
                                            : "All Nodes was slower than Single Node here");
                }
                return dep == DataDependency.READ_ONLY
                        ? "spread over all nodes: read-only sharing (replicate hot read-mostly data per node if misses grow)"
                        : "spread over all nodes: no data dependencies";
        }
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
