package com.numa.opt;

/**
 * One row of the decision log: when (ms since the optimizer started), how long the interval lasted, what was measured,
 * what was decided and done. {@code action} is e.g. {@code pin-single:node1}, {@code pin-all}, {@code stay},
 * {@code log-only:pin-all}.
 */
public record IntervalRecord(long timeMs, long intervalMs, AppState state, String signal, double cost,
        double mainSharePct, int workers, double imbalancePct, String action, String cpus, int migrations) {

    static final String HEADER = "time_ms,interval_ms,state,signal,cost,main_share_pct,workers,imbalance_pct,action,cpus,migrations";

    String csv() {
        return timeMs + "," + intervalMs + "," + state + "," + signal + "," + num(cost) + "," + num(mainSharePct) + ","
                + workers + "," + num(imbalancePct) + "," + action + ",\"" + cpus + "\"," + migrations;
    }

    private static String num(double d) {
        return Double.isNaN(d) ? "" : String.format(java.util.Locale.ROOT, "%.4g", d);
    }
}
