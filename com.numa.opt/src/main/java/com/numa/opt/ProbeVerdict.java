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

    /** The probe's comparison: the first signal (in preference order) measured on both sides decides. */
    static ProbeVerdict compare(List<SignalCost> single, List<SignalCost> all, double margin) {
        for (SignalCost a : all) {
            SignalCost s = single.stream().filter(c -> c.signal() == a.signal()).findFirst().orElse(null);
            if (a.measurable() && s != null && s.measurable()) {
                boolean confine = a.cost() > s.cost() * (1 + margin);
                return new ProbeVerdict(confine ? Placement.SINGLE_NODE : Placement.ALL_NODES, confine ? s : a,
                        String.format(Locale.ROOT, "%s single %.3g vs all %.3g, margin %s: %s", a.name(), s.cost(),
                                a.cost(), pct(margin), confine ? "single" : "all"));
            }
        }
        return noSignal(all);
    }

    /**
     * Before confining the application for a probe: all nodes without probing when no signal measures anything, or
     * when the deciding signal is cpu-share and the application already keeps more CPUs busy than one node has,
     * divided by (1 + margin) (a node cannot give it more CPU, so cpu-share can never favour it). Null: probe.
     */
    static ProbeVerdict withoutProbe(IntervalMetrics m, int nodeCores, double margin) {
        SignalCost first = m.firstMeasurable();
        if (first == null) {
            return noSignal(m.costs());
        }
        double busy = 1 / first.cost();
        if (first.signal() == OptFlags.Signal.CPU_SHARE && busy >= nodeCores / (1 + margin)) {
            return new ProbeVerdict(Placement.ALL_NODES, first, String.format(Locale.ROOT,
                    "cpu-share: %.2f CPUs busy, one node has %d, margin %s: no probe can favour one node, all", busy,
                    nodeCores, pct(margin)));
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
