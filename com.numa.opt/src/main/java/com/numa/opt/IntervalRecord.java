package com.numa.opt;

import com.numa.core.provenance.JvmIdentity;
import java.util.Arrays;
import java.util.List;

/**
 * One row of the decision log: when the interval ended (ms since the optimizer started), how long it really lasted,
 * what was measured during it (cost, shares, workers, imbalance), the state decided at its end and the action taken
 * for the next interval (so a PROBING_ALL_NODES row carries the cost measured on the single node). {@code action} is e.g. {@code pin-single:node1}, {@code pin-all}, {@code stay},
 * {@code log-only:pin-all}.
 * {@code reason} says which signal or threshold decided and why (e.g. {@code no signal: stay on all nodes},
 * {@code allocation single 1.2e-3 vs all 1.1e-3, margin 15%: all}, {@code hold: ...}).
 * {@code epoch_ms} is when the interval ended on the wall clock; {@code host}, {@code pid},
 * {@code jvm_start_epoch_ms} and {@code label} name the JVM ({@link JvmIdentity}), so the logs of many JVMs merge.
 */
public record IntervalRecord(long timeMs, long intervalMs, AppState state, String signal, double cost,
        double mainSharePct, int workers, double imbalancePct, String action, String cpus, int migrations, String reason,
        long epochMs) {

    static final List<String> HEADER = List.of("time_ms", "interval_ms", "state", "signal", "cost", "main_share_pct",
            "workers", "imbalance_pct", "action", "cpus", "migrations", "reason", "epoch_ms", "host", "pid",
            "jvm_start_epoch_ms", "label");

    /** The row's fields in {@link #HEADER} order. */
    List<Object> fields() {
        JvmIdentity jvm = JvmIdentity.current();
        return Arrays.asList(timeMs, intervalMs, state, signal, num(cost), num(mainSharePct), workers, num(imbalancePct),
                action, cpus, migrations, reason, epochMs, jvm.host(), jvm.pid(), jvm.startEpochMs(), jvm.label());
    }

    private static String num(double d) {
        return Double.isNaN(d) ? "" : String.format(java.util.Locale.ROOT, "%.4g", d);
    }
}
