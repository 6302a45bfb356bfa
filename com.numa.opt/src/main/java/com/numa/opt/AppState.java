package com.numa.opt;

import com.numa.core.classification.ParallelismCategory;

/**
 * What the Awareness Thread thinks the application is (paper §5.1.1), plus the two probe intervals and the state before
 * the first decision. Each state implies a placement. The classification's states are the study's categories
 * ({@link ParallelismCategory}, decided by {@link com.numa.core.classification.Classification#placementCategory}):
 * SINGLE_THREADED, TLP_BOUND and EMBARRASSINGLY_IMBALANCED are theirs, and Explicitly Parallel is the parallel
 * application the probe places ({@link #of}).
 */
public enum AppState {
    UNDECIDED(null, null, false),
    SINGLE_THREADED(ParallelismCategory.SINGLE_THREADED, Placement.SINGLE_NODE, false),
    TLP_BOUND(ParallelismCategory.TLP_BOUND, Placement.SINGLE_NODE, false),
    EMBARRASSINGLY_IMBALANCED(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, Placement.SINGLE_NODE, false),
    /** Parallel, next interval measured on a single node. */
    PROBING_SINGLE_NODE(null, Placement.SINGLE_NODE, true),
    /** Parallel, next interval measured on all nodes. */
    PROBING_ALL_NODES(null, Placement.ALL_NODES, true),
    PARALLEL_ON_ALL_NODES(null, Placement.ALL_NODES, false),
    PARALLEL_ON_SINGLE_NODE(null, Placement.SINGLE_NODE, false);

    private final ParallelismCategory category;
    private final Placement placement;
    private final boolean probe;

    AppState(ParallelismCategory category, Placement placement, boolean probe) {
        this.category = category;
        this.placement = placement;
        this.probe = probe;
    }

    /**
     * The state of a classification alone, without the probe: the category's own state, and PARALLEL_ON_ALL_NODES,
     * standing for "parallel", for Explicitly Parallel and Imbalanced.
     */
    public static AppState of(ParallelismCategory category) {
        for (AppState s : values()) {
            if (s.category == category) {
                return s;
            }
        }
        if (category == ParallelismCategory.EXPLICITLY_PARALLEL || category == ParallelismCategory.IMBALANCED) {
            return PARALLEL_ON_ALL_NODES;
        }
        throw new IllegalArgumentException("no state for " + category + ": the optimizer decides on measurements");
    }

    /** Where threads go in this state; null for UNDECIDED (leave them alone). */
    public Placement placement() {
        return placement;
    }

    public boolean probe() {
        return probe;
    }

    /** A settled decision for a parallel application (the only ones stabilization lengthens). */
    public boolean parallelDecision() {
        return this == PARALLEL_ON_ALL_NODES || this == PARALLEL_ON_SINGLE_NODE;
    }
}
