package com.numa.opt;

/**
 * The Decide step as a pure state machine (paper §5.1.1), fed one {@link IntervalMetrics} per interval.
 *
 * <p>Order: SINGLE_THREADED (main share above the threshold), TLP_BOUND (workers fit on one node), EMBARRASSINGLY_
 * IMBALANCED (imbalance above the threshold); otherwise the application is parallel and is probed: one interval forced
 * onto a single node, one onto all nodes, then PARALLEL_ON_ALL_NODES when allCost <= singleCost * (1 + margin), else
 * PARALLEL_ON_SINGLE_NODE. A probe whose cost could not be measured (NaN) settles conservatively on a single node.
 * A non-parallel classification during a probe abandons it.
 *
 * <p>Stabilization: each repetition of a parallel decision adds the step to the interval (capped); a changed decision
 * resets it to the base. Probe intervals always last the base interval. A flip of the settled decision is a migration.
 * An idle interval changes nothing.
 */
public final class Decider {
    private final DecisionThresholds t;
    private AppState settled = AppState.UNDECIDED;
    private AppState current = AppState.UNDECIDED;
    private long intervalMs;
    private double singleNodeCost = Double.NaN;
    private int migrations;

    public Decider(DecisionThresholds thresholds) {
        this.t = thresholds;
        this.intervalMs = thresholds.baseIntervalMs();
    }

    /** The classification alone, without the probe: PARALLEL_ON_ALL_NODES stands for "parallel" here. */
    public static AppState classify(IntervalMetrics m, DecisionThresholds t) {
        if (m.mainSharePct() > t.mainSharePct()) {
            return AppState.SINGLE_THREADED;
        }
        if (m.workers() <= t.nodeCores()) {
            return AppState.TLP_BOUND;
        }
        if (m.imbalancePct() > t.imbalancePct()) {
            return AppState.EMBARRASSINGLY_IMBALANCED;
        }
        return AppState.PARALLEL_ON_ALL_NODES;
    }

    public Decision next(IntervalMetrics m) {
        if (m.idle()) {
            return decision(current == AppState.PROBING_ALL_NODES || current == AppState.PROBING_SINGLE_NODE
                    ? t.baseIntervalMs() : intervalMs);
        }
        AppState c = classify(m, t);
        if (!c.parallelDecision()) {
            return settle(c);
        }
        switch (current) {
            case PROBING_SINGLE_NODE -> {
                singleNodeCost = m.cost();
                current = AppState.PROBING_ALL_NODES;
                return decision(t.baseIntervalMs());
            }
            case PROBING_ALL_NODES -> {
                double allNodeCost = m.cost();
                boolean all = !Double.isNaN(singleNodeCost) && !Double.isNaN(allNodeCost)
                        && allNodeCost <= singleNodeCost * (1 + t.margin());
                return settle(all ? AppState.PARALLEL_ON_ALL_NODES : AppState.PARALLEL_ON_SINGLE_NODE);
            }
            default -> {
                current = AppState.PROBING_SINGLE_NODE;
                singleNodeCost = Double.NaN;
                return decision(t.baseIntervalMs());
            }
        }
    }

    private Decision settle(AppState s) {
        if (s == settled) {
            if (t.stabilize() && s.parallelDecision()) {
                intervalMs = Math.min(t.maxIntervalMs(), intervalMs + t.intervalStepMs());
            }
        } else {
            if (settled != AppState.UNDECIDED) {
                migrations++;
            }
            settled = s;
            intervalMs = t.baseIntervalMs();
        }
        current = s;
        return decision(intervalMs);
    }

    private Decision decision(long sleepMs) {
        return new Decision(current, current.placement(), sleepMs, migrations);
    }

    /** The last settled (non-probe) decision. */
    public AppState settled() {
        return settled;
    }

    public int migrations() {
        return migrations;
    }
}
