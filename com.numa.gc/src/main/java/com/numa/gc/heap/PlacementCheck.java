package com.numa.gc.heap;

/**
 * A move_pages query over a sample of live objects: how many pages the kernel placed on the (real) node the region
 * table expects. {@code error} is set when the kernel could not be asked.
 */
public record PlacementCheck(int sampled, int agree, int absent, String error) {
    /** Agreeing share of the sampled pages in percent (NaN for an empty sample or an error). */
    public double agreePct() {
        return sampled == 0 || error != null ? Double.NaN : 100.0 * agree / sampled;
    }
}
