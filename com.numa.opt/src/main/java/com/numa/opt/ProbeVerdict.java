package com.numa.opt;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the measured costs say about a parallel application's placement, and why, in words for the log. Pure.
 * Confinement is the risky move (the paper's worst case lost a third of the throughput), so one node is chosen only
 * when a signal measured on both sides says it is cheaper by the margin; without such a signal the answer is all nodes.
 */
record ProbeVerdict(Placement placement, SignalCost onChosen, String reason) {

    /** The probe's comparison without the CPUs each side got (work counted in instructions): see below. */
    static ProbeVerdict compare(List<SignalCost> single, List<SignalCost> all, double margin) {
        return compare(single, all, margin, Double.NaN, Double.NaN);
    }

    /**
     * The probe's comparison: the first signal (in preference order) measured on both sides decides. A wall-time
     * signal (progress, allocation) that says one node is cheaper is believed only when the application threads got
     * at least as many CPUs on all nodes as on one ({@code busySingle}, {@code busyAll}: CPUs kept busy; NaN where
     * work is not CPU time: not checked). On a shared machine another process can take the CPUs of the all-nodes
     * interval, and the program then does less per second for want of CPU, not because of its placement (seen here:
     * H2 3.8 vs 10.0 while a QEMU guest ran). Given that, it also spent more CPU time per unit of work on all nodes
     * by the margin (cost × busy CPUs), so nothing more needs checking; a program whose phase changed between the two
     * intervals is what the {@link Decider}'s confirming probe is for.
     */
    static ProbeVerdict compare(List<SignalCost> single, List<SignalCost> all, double margin, double busySingle,
            double busyAll) {
        for (SignalCost a : all) {
            SignalCost s = single.stream().filter(c -> c.signal() == a.signal()).findFirst().orElse(null);
            if (a.measurable() && s != null && s.measurable()) {
                boolean cheaperOnOne = a.signal() != OptFlags.Signal.CPU_SHARE && a.cost() > s.cost() * (1 + margin);
                String costs = String.format(Locale.ROOT, "%s single %.3g vs all %.3g, margin %s", a.name(), s.cost(),
                        a.cost(), pct(margin));
                if (cheaperOnOne && wallTime(a.signal()) && busyAll < busySingle) {
                    return new ProbeVerdict(Placement.ALL_NODES, a, String.format(Locale.ROOT, "%s, but application "
                            + "threads got fewer CPUs on all nodes (%.2f vs %.2f on one): other load, not placement: "
                            + "all", costs, busyAll, busySingle));
                }
                return new ProbeVerdict(cheaperOnOne ? Placement.SINGLE_NODE : Placement.ALL_NODES,
                        cheaperOnOne ? s : a, costs + ": " + (cheaperOnOne ? "single"
                                : a.signal() == OptFlags.Signal.CPU_SHARE ? "all (" + CPU_SHARE_RULE + ")" : "all"));
            }
        }
        return noSignal(all);
    }

    /** Signals that are wall time per unit of work, so they move with the CPUs the program got. */
    private static boolean wallTime(OptFlags.Signal s) {
        return s == OptFlags.Signal.PROGRESS || s == OptFlags.Signal.ALLOCATION;
    }

    /**
     * cpu-share shows whether a program uses the CPUs of all nodes, never that one node runs it faster: remote-memory
     * stalls count as CPU time, and on a shared machine other processes move a program's share by more than any
     * margin (measured here: 1.3 vs 2.4 for the same spinning program). So it never confines.
     */
    static final String CPU_SHARE_RULE = "CPU time cannot show one node faster";

    /**
     * Before confining the application for a probe: all nodes without probing when no signal measures anything, or
     * when the deciding signal is cpu-share (which never confines, so a probe would only cost throughput). Null: probe.
     */
    static ProbeVerdict withoutProbe(IntervalMetrics m) {
        SignalCost first = m.firstMeasurable();
        if (first == null) {
            return noSignal(m.costs());
        }
        if (first.signal() == OptFlags.Signal.CPU_SHARE) {
            return new ProbeVerdict(Placement.ALL_NODES, first, String.format(Locale.ROOT,
                    "cpu-share: %.2f CPUs busy, %s, no probe: all", 1 / first.cost(), CPU_SHARE_RULE));
        }
        return null;
    }

    private static ProbeVerdict noSignal(List<SignalCost> tried) {
        String names = tried.stream().map(SignalCost::name).collect(Collectors.joining(" "));
        return new ProbeVerdict(Placement.ALL_NODES, null,
                "no signal" + (names.isEmpty() ? "" : " (" + names + " measured nothing)") + ": stay on all nodes");
    }

    static String pct(double fraction) {
        return Math.round(fraction * 100) + "%";
    }
}
