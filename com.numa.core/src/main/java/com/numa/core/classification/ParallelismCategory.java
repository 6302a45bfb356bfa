package com.numa.core.classification;

/**
 * Figure 2's parallelism and balance categories (ISMM'23 §4.1), plus {@link #UNCERTAIN} where the evidence is below
 * the documented limits ({@link Evidence}).
 */
public enum ParallelismCategory {
    SINGLE_THREADED("Single-Threaded"), TLP_BOUND("TLP-Bound"), EMBARRASSINGLY_IMBALANCED("Embarrassingly Imbalanced"),
    IMBALANCED("Imbalanced"), EXPLICITLY_PARALLEL("Explicitly Parallel"), UNCERTAIN("Uncertain");

    private final String label;

    ParallelismCategory(String label) {
        this.label = label;
    }

    /** The name the paper and every table use. */
    public String label() {
        return label;
    }

    /** Categories that the workers' imbalance (Eq. 1) decides: a figure that start-up order distorts in a short window. */
    public boolean decidedByImbalance() {
        return this == IMBALANCED || this == EMBARRASSINGLY_IMBALANCED;
    }

    /** Categories whose program cannot use the cores of more than one node well (confining costs nothing). */
    public boolean parallelismBound() {
        return this == SINGLE_THREADED || this == TLP_BOUND || this == EMBARRASSINGLY_IMBALANCED;
    }
}
