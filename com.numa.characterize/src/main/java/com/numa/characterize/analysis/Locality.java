package com.numa.characterize.analysis;

import com.numa.core.classification.ThreadWork;

/**
 * Table 5 of one application: LLC read and write miss rates in Single and Dual Node, and the share of Dual Node's LLC
 * misses served by a remote node's memory (Figure 4). Every figure is NaN where the PMU does not count its events.
 * Beside them, {@code kernel}: the remote share of sampled page accesses from the kernel's NUMA balancing, per
 * configuration, which needs no PMU.
 */
public record Locality(double singleReadMissPct, double singleWriteMissPct, double dualReadMissPct,
        double dualWriteMissPct, double dualRemoteReadPct, double dualRemoteWritePct, KernelShares kernel) {

    public static final Locality NOT_MEASURED = new Locality(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, KernelShares.NONE);

    /** From the application threads of a Single Node and a Dual Node run (either may be null: not run). */
    public static Locality of(PerfUtilRows single, PerfUtilRows dual) {
        return of(single, dual, KernelShares.NONE);
    }

    /** As {@link #of(PerfUtilRows, PerfUtilRows)}, with the kernel-sampled shares. */
    public static Locality of(PerfUtilRows single, PerfUtilRows dual, KernelShares kernel) {
        return new Locality(rate(single, "LLC-load-misses", "LLC-loads"), rate(single, "LLC-store-misses", "LLC-stores"),
                rate(dual, "LLC-load-misses", "LLC-loads"), rate(dual, "LLC-store-misses", "LLC-stores"),
                rate(dual, "node-load-misses", "LLC-load-misses"), rate(dual, "node-store-misses", "LLC-store-misses"),
                kernel);
    }

    /** True when any figure was measured. */
    public boolean measured() {
        return !Double.isNaN(singleReadMissPct) || !Double.isNaN(dualReadMissPct);
    }

    /** How many points Dual Node's read or write miss rate exceeds Single Node's, the larger; NaN if not measured. */
    public double missIncreasePct() {
        double r = dualReadMissPct - singleReadMissPct;
        double w = dualWriteMissPct - singleWriteMissPct;
        return Double.isNaN(r) ? w : Double.isNaN(w) ? r : Math.max(r, w);
    }

    private static double rate(PerfUtilRows rows, String part, String whole) {
        if (rows == null || !rows.events().contains(part) || !rows.events().contains(whole)) {
            return Double.NaN;
        }
        double p = 0;
        double w = 0;
        for (ThreadWork t : rows.threads()) {
            if (t.isApplication()) {
                p += t.count(part);
                w += t.count(whole);
            }
        }
        return w > 0 ? 100 * p / w : Double.NaN;
    }
}
