package com.numa.core.classification;

/**
 * Every threshold of the classification, with the defaults declared once here for the study ({@code numa
 * characterize}) and the Awareness Thread ({@code -XX:+NUMAOpts}) alike. The defaults follow the ISMM'23 study (§4.1,
 * §4.2) and the Awareness Thread's §5.1.1 values where the paper gives one.
 *
 * @param mainSharePct             Single-Threaded when the main thread's share of the application's work exceeds this
 * @param workerSharePct           a non-main application thread is a worker when it does at least this share of the
 *                                 non-main application work (else auxiliary)
 * @param embarrassingImbalancePct Embarrassingly Imbalanced when the workers' imbalance (Eq. 1) exceeds this
 * @param imbalancePct             Imbalanced when the workers' imbalance exceeds this (and they are not TLP-bound)
 * @param sharedReadPct            Data Parallel needs shared reads below this (and shared writes below sharedWritePct)
 * @param sharedWritePct           Read &amp; Write Dependencies at or above this share of shared writes
 * @param localityMissIncreasePct  Locality-Bound when Dual Node's LLC miss rate exceeds Single Node's by this many
 *                                 points
 * @param scalingLossRatio         "does not scale" when All Nodes / Single Node performance is below this
 * @param localityRemoteIncreasePct Locality-Bound, without LLC miss rates, when the remote share of the application
 *                                 threads' sampled page accesses (the kernel locality source's NUMA hinting faults)
 *                                 in Dual Node exceeds Single Node's by this many points. Single Node reads all-local,
 *                                 pages spread evenly over two nodes read 50% remote: 20 points is well clear of both
 *                                 sampling noise and a program whose threads mostly touch their own node's pages
 */
public record Thresholds(double mainSharePct, double workerSharePct, double embarrassingImbalancePct,
        double imbalancePct, double sharedReadPct, double sharedWritePct, double localityMissIncreasePct,
        double scalingLossRatio, double localityRemoteIncreasePct) {

    public static final Thresholds DEFAULTS = new Thresholds(80, 4, 90, 20, 10, 1, 5, 0.95, 20);

    /** The same thresholds with other parallelism figures (the Awareness Thread's flags). */
    public Thresholds withParallelism(double mainShare, double workerShare, double embarrassingImbalance) {
        return new Thresholds(mainShare, workerShare, embarrassingImbalance, imbalancePct, sharedReadPct, sharedWritePct,
                localityMissIncreasePct, scalingLossRatio, localityRemoteIncreasePct);
    }
}
