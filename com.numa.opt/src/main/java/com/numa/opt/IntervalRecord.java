package com.numa.opt;

import java.util.Arrays;
import java.util.List;

/**
 * One row of the decision log: when the interval ended (ms since the optimizer started), how long it really lasted,
 * what was measured during it (cost, shares, workers, imbalance), the state decided at its end and the action taken
 * for the next interval (so a PROBING_ALL_NODES row carries the cost measured on the single node). {@code action} is e.g. {@code pin-single:node1}, {@code pin-all}, {@code stay},
 * {@code log-only:pin-all}.
 * {@code reason} says which signal or threshold decided and why (e.g. {@code no signal: stay on all nodes},
 * {@code allocation single 1.2e-3 vs all 1.1e-3, margin 15%: all}, {@code hold: ...}).
 */
public record IntervalRecord(long timeMs, long intervalMs, AppState state, String signal, double cost,
        double mainSharePct, int workers, double imbalancePct, String action, String cpus, int migrations, String reason) {

    static final List<String> HEADER = List.of("time_ms", "interval_ms", "state", "signal", "cost", "main_share_pct",
            "workers", "imbalance_pct", "action", "cpus", "migrations", "reason");

    /** The row's fields in {@link #HEADER} order. */
    List<Object> fields() {
        return Arrays.asList(timeMs, intervalMs, state, signal, num(cost), num(mainSharePct), workers, num(imbalancePct),
                action, cpus, migrations, reason);
    }

    private static String num(double d) {
        return Double.isNaN(d) ? "" : String.format(java.util.Locale.ROOT, "%.4g", d);
    }
}
