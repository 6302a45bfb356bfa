package com.numa.core.classification;

import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The study's classification rules (ISMM'23 Figures 2 and 3, Table 5's Locality-Bound) and the placement each
 * category calls for, pure and in one place: {@code numa characterize} (offline) and the Awareness Thread (online)
 * both decide with these, so they say the same thing about the same measurements.
 * <ul>
 * <li>Parallelism, in this order: Single-Threaded (main's share above {@code mainSharePct}, or no worker);
 * Embarrassingly Imbalanced (imbalance above {@code embarrassingImbalancePct}); TLP-Bound (fewer parallel threads than
 * the machine's CPUs); Imbalanced (imbalance above {@code imbalancePct}); else Explicitly Parallel. Online, where the
 * question is one node or all ({@link #placementCategory}): Single-Threaded; TLP-Bound when the workers fit on one
 * node; Embarrassingly Imbalanced; else Explicitly Parallel.</li>
 * <li>Data dependencies: Read &amp; Write at shared writes of {@code sharedWritePct} or more; Data Parallel when shared
 * reads are also below {@code sharedReadPct}; else Read-Only.</li>
 * <li>Locality-Bound: Dual Node's LLC miss rate exceeds Single Node's by more than {@code localityMissIncreasePct}
 * points.</li>
 * <li>One node is the right place for a program only when it cannot use more cores: Single-Threaded, Embarrassingly
 * Imbalanced, or parallel threads that fit on one node ({@link #fitsOneNode}). A TLP-Bound program whose threads need
 * more than one node's CPUs is not confined.</li>
 * </ul>
 */
public final class Classification {
    private Classification() {
    }

    /** A category with the figures that decided it. */
    public record ParallelismVerdict(ParallelismCategory category, String reason) {
    }

    /** Single-Threaded: the main thread dominates, or no thread qualified as a worker. */
    public static boolean singleThreaded(double mainPct, int workers, Thresholds t) {
        return mainPct > t.mainSharePct() || workers == 0;
    }

    public static boolean embarrassinglyImbalanced(double imbalancePct, Thresholds t) {
        return imbalancePct > t.embarrassingImbalancePct();
    }

    /** The program's parallel threads fit on one node's CPUs: confining them takes no CPU from them. */
    public static boolean fitsOneNode(int parallelThreads, int nodeCpus) {
        return parallelThreads <= nodeCpus;
    }

    /**
     * Figure 2's category.
     *
     * @param workers         the workers ({@link WorkShares#workers()})
     * @param parallelThreads the threads that ran the parallel work ({@link WorkShares#parallelThreads()})
     * @param imbalancePct    Eq. 1 over the parallel threads
     * @param imbalanceColumn which quantity the imbalance is of (I, OA, C), for the reason
     * @param machineCpus     the usable CPUs of the whole machine, against which TLP is judged
     */
    public static ParallelismVerdict parallelism(double mainPct, int workers, int parallelThreads, double imbalancePct,
            String imbalanceColumn, int machineCpus, Thresholds t) {
        if (singleThreaded(mainPct, workers, t)) {
            return new ParallelismVerdict(ParallelismCategory.SINGLE_THREADED, workers == 0 ? "no worker thread"
                    : f("main does %.0f%% of the work (> %.0f%%)", mainPct, t.mainSharePct()));
        }
        if (embarrassinglyImbalanced(imbalancePct, t)) {
            return new ParallelismVerdict(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, f(
                    "workers' imbalance %.0f%% (%s, > %.0f%%)", imbalancePct, imbalanceColumn,
                    t.embarrassingImbalancePct()));
        }
        if (parallelThreads < machineCpus) {
            return new ParallelismVerdict(ParallelismCategory.TLP_BOUND, f("%d parallel thread(s) for %d CPUs",
                    parallelThreads, machineCpus));
        }
        if (imbalancePct > t.imbalancePct()) {
            return new ParallelismVerdict(ParallelismCategory.IMBALANCED, f("%d parallel threads, imbalance %.0f%% (%s, "
                    + "> %.0f%%)", parallelThreads, imbalancePct, imbalanceColumn, t.imbalancePct()));
        }
        return new ParallelismVerdict(ParallelismCategory.EXPLICITLY_PARALLEL, f(
                "%d balanced parallel threads (imbalance %.0f%%, %s)", parallelThreads, imbalancePct, imbalanceColumn));
    }

    /**
     * Figure 2's category of one reading of the threads: {@link #parallelism} of the shares, with Eq. 1 of
     * {@code quantity} over their steady workers ({@link WorkShares#imbalancePct}).
     */
    public static <T> ParallelismVerdict parallelism(WorkShares<T> shares, ToDoubleFunction<? super T> quantity,
            String imbalanceColumn, int machineCpus, Thresholds t) {
        return parallelism(shares.mainPct(), shares.workers().size(), shares.parallelThreads().size(),
                shares.imbalancePct(quantity), imbalanceColumn, machineCpus, t);
    }

    /**
     * The category the Awareness Thread places a program by, online, where the question is one node or all: judged
     * against one node's CPUs, not the machine's. Single-Threaded first; then TLP-Bound when the workers fit on one node
     * ({@link #fitsOneNode}), whatever their balance, since confining them takes no CPU from them; then Embarrassingly
     * Imbalanced; else Explicitly Parallel, which stands for every parallel program here (whether one node or all
     * serves it is measured, not classified).
     */
    public static ParallelismCategory placementCategory(double mainPct, int workers, double imbalancePct, int nodeCpus,
            Thresholds t) {
        if (singleThreaded(mainPct, workers, t)) {
            return ParallelismCategory.SINGLE_THREADED;
        }
        if (fitsOneNode(workers, nodeCpus)) {
            return ParallelismCategory.TLP_BOUND;
        }
        if (embarrassinglyImbalanced(imbalancePct, t)) {
            return ParallelismCategory.EMBARRASSINGLY_IMBALANCED;
        }
        return ParallelismCategory.EXPLICITLY_PARALLEL;
    }

    /** Figure 3's category; null when not profiled (either share NaN). */
    public static DataDependency dataDependency(double sharedReadPct, double sharedWritePct, Thresholds t) {
        if (Double.isNaN(sharedReadPct) || Double.isNaN(sharedWritePct)) {
            return null;
        }
        if (sharedWritePct >= t.sharedWritePct()) {
            return DataDependency.READ_WRITE;
        }
        return sharedReadPct < t.sharedReadPct() ? DataDependency.DATA_PARALLEL : DataDependency.READ_ONLY;
    }

    /** Locality-Bound; null when the miss rates were not measured. */
    public static Boolean localityBound(double missIncreasePct, Thresholds t) {
        return Double.isNaN(missIncreasePct) ? null : missIncreasePct > t.localityMissIncreasePct();
    }

    /**
     * Locality-Bound from the kernel locality source: Dual Node's remote share of sampled page accesses exceeds Single
     * Node's (0 when Single Node was not sampled: one node's accesses are all local) by more than {@code
     * localityRemoteIncreasePct} points; null when Dual Node was not sampled.
     */
    public static Boolean localityBoundByRemoteShare(double singleRemotePct, double dualRemotePct, Thresholds t) {
        if (Double.isNaN(dualRemotePct)) {
            return null;
        }
        return dualRemotePct - (Double.isNaN(singleRemotePct) ? 0 : singleRemotePct) > t.localityRemoteIncreasePct();
    }

    /**
     * What to do, from the categories: one line for the user. Never stronger than the categories: an uncertain or
     * unprofiled data dependency never yields "spread over all nodes" as a fact.
     *
     * @param parallelThreads the threads that ran the parallel work
     * @param nodeCpus        the CPUs of one node (Single Node's); 0 when unknown
     * @param scaling         All Nodes / Single Node performance, NaN when not both ran
     */
    public static String recommend(ParallelismCategory par, DataDependency dep, Boolean localityBound, double scaling,
            int parallelThreads, int nodeCpus, Thresholds t) {
        boolean loses = !Double.isNaN(scaling) && scaling < t.scalingLossRatio();
        String oneNode = "run on one node (numactl --cpunodebind=0 --membind=0)";
        switch (par) {
            case UNCERTAIN:
                return "uncertain: no recommendation (see the confidence reasons)";
            case SINGLE_THREADED:
            case EMBARRASSINGLY_IMBALANCED:
                return oneNode + ": it cannot use more cores" + (loses ? ", and more nodes made it slower" : "");
            case TLP_BOUND:
                if (nodeCpus <= 0 || fitsOneNode(parallelThreads, nodeCpus)) {
                    return oneNode + ": its " + parallelThreads + " parallel thread(s) fit on one node"
                            + (loses ? ", and more nodes made it slower" : "");
                }
                return f("-XX:+NUMAOpts decides online: %d parallel threads need more than one node's %d CPUs but "
                        + "fewer than the machine's", parallelThreads, nodeCpus);
            case IMBALANCED:
                return "-XX:+NUMAOpts decides online; rebalance the work (the slowest worker sets the pace)";
            default:
                if (dep == DataDependency.READ_WRITE || Boolean.TRUE.equals(localityBound) || loses) {
                    return "-XX:+NUMAOpts decides online: "
                            + (dep == DataDependency.READ_WRITE ? "shared writes make remote nodes costly"
                                    : Boolean.TRUE.equals(localityBound) ? "its memory accesses turn remote across nodes"
                                            : "All Nodes was slower than Single Node here");
                }
                if (dep == null || dep == DataDependency.UNCERTAIN) {
                    return "-XX:+NUMAOpts decides online: parallel, but its data dependencies are "
                            + (dep == null ? "not profiled" : "uncertain") + " (spreading is safe only without shared writes)";
                }
                return dep == DataDependency.READ_ONLY
                        ? "spread over all nodes: read-only sharing (replicate hot read-mostly data per node if misses grow)"
                        : "spread over all nodes: no data dependencies";
        }
    }

    static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
