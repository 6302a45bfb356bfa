package com.numa.opt;

/**
 * What the Awareness Thread thinks the application is (paper §5.1.1), plus the two probe intervals and the state before
 * the first decision. Each state implies a placement.
 */
public enum AppState {
    UNDECIDED(null, false),
    SINGLE_THREADED(Placement.SINGLE_NODE, false),
    TLP_BOUND(Placement.SINGLE_NODE, false),
    EMBARRASSINGLY_IMBALANCED(Placement.SINGLE_NODE, false),
    /** Parallel, next interval measured on a single node. */
    PROBING_SINGLE_NODE(Placement.SINGLE_NODE, true),
    /** Parallel, next interval measured on all nodes. */
    PROBING_ALL_NODES(Placement.ALL_NODES, true),
    PARALLEL_ON_ALL_NODES(Placement.ALL_NODES, false),
    PARALLEL_ON_SINGLE_NODE(Placement.SINGLE_NODE, false);

    private final Placement placement;
    private final boolean probe;

    AppState(Placement placement, boolean probe) {
        this.placement = placement;
        this.probe = probe;
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
