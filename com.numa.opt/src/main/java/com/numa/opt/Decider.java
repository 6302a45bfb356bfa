package com.numa.opt;

import com.numa.core.classification.Classification;
import java.util.List;
import java.util.Locale;

/**
 * The Decide step as a pure state machine (paper §5.1.1), fed one {@link IntervalMetrics} per interval; every
 * {@link Decision} says why.
 *
 * <p>Order: SINGLE_THREADED (main share above the threshold), TLP_BOUND (workers fit on one node); these confine,
 * unless the application threads keep more CPUs busy than one node has × (1 + margin) (then confining would take CPU
 * from the application: all nodes). Only the application's threads count here: JIT and GC bursts come and go with
 * warm-up and with load, and judging them kept single-threaded programs off one node on a loaded machine. Demand is
 * what the threads wanted (busy or waiting for a CPU, {@link ThreadDemand}) where the kernel says, else what they got:
 * on a loaded machine two busy threads get less than one CPU between them and would seem to fit a one-CPU node.
 * EMBARRASSINGLY_IMBALANCED (imbalance above the threshold) has more workers than a node has cores, so,
 * unlike the paper, it is probed like any parallel application (its reason names the classification). Otherwise the
 * application is parallel and is probed: one interval on a single node, one on all nodes; {@link ProbeVerdict} settles PARALLEL_ON_SINGLE_NODE
 * only when a signal measured on both sides makes one node cheaper by the margin (a wall-time signal only if the
 * application got at least as many CPUs on all nodes as on one), else PARALLEL_ON_ALL_NODES (no
 * signal, or only cpu-share, which never confines: all nodes, without probing); a verdict for one node must be confirmed
 * by the reversed pair. A verdict for all nodes is re-probed once it is older than the maximum interval; one for one
 * node also when its signal has drifted by more than the margin for the hold. A due probe waits while the JIT's
 * compiler threads are busy (a warming-up program), at most the maximum interval. A non-parallel classification
 * during a probe abandons it; in an application that has run in parallel, it confines nothing.
 *
 * <p>Stabilization: each repetition of a parallel decision adds the step to the interval (capped); a changed decision
 * resets it to the base. Probe intervals last the base interval. A flip of the settled decision is a migration.
 * Hysteresis, asymmetric because confining is the move that can harm: an application is confined only once the
 * confining classification has lasted the hold without a parallel interval between, and probed only once the
 * placement has stood for the hold; going back to all nodes happens at the first interval that asks for it. The hold
 * starts at the base interval and doubles with every reversal and every probe verdict (capped at the maximum
 * interval), so a flapping classification confines the application at most once per hold, a serial phase shorter than
 * the hold leaves a parallel program where it is, and probing backs off. An idle interval changes nothing. Time is the
 * sum of the intervals asked for.
 */
public final class Decider {
    private final DecisionThresholds t;
    private AppState settled = AppState.UNDECIDED;
    private AppState current = AppState.UNDECIDED;
    private Placement settledPlacement;
    private long intervalMs;
    private long holdMs;
    private long clockMs;
    private long changedAtMs;
    private long verdictAtMs;
    private SignalCost verdictCost;
    private List<SignalCost> singleNodeCosts = List.of();
    private double singleNodeBusy = Double.NaN;
    /** The first probe pair's verdict for one node, while the reversed pair that must confirm it runs; else null. */
    private ProbeVerdict unconfirmed;
    private List<SignalCost> confirmAllCosts = List.of();
    private double confirmAllBusy = Double.NaN;
    /** Clock at which the current run of confining classifications began; -1 when the last interval was parallel. */
    private long confineWantedSinceMs = -1;
    /** CPUs the whole JVM wanted (else kept busy) over the current run of confining classifications. */
    private final DemandWindow jvmWindow;
    /** CPUs the JIT compiler threads wanted over the latest intervals (NaN where the kernel does not say). */
    private final DemandWindow jitWindow;
    /** Clock at which a due probe was first put off because the JIT was busy; -1 when none is waiting. */
    private long probeDueSinceMs = -1;
    /** How the application first showed parallelism (e.g. "4 workers"); null while it has not. */
    private String parallelSeen;
    /** Clock at which the settled verdict's signal left the margin of the probe's cost; -1 while within it. */
    private long driftSinceMs = -1;
    private int migrations;
    private Decision last;

    public Decider(DecisionThresholds thresholds) {
        this.t = thresholds;
        this.intervalMs = thresholds.baseIntervalMs();
        this.holdMs = thresholds.baseIntervalMs();
        this.jvmWindow = new DemandWindow(thresholds.maxIntervalMs()); // the hold never exceeds the maximum interval
        this.jitWindow = new DemandWindow(thresholds.maxIntervalMs());
    }

    /**
     * The classification alone, without the probe: PARALLEL_ON_ALL_NODES stands for "parallel" here. The rules and
     * their online order are the study's ({@link Classification#placementCategory}): a program that is not
     * Single-Threaded but whose parallel threads fit on one node is TLP_BOUND (confining takes no CPU from it).
     */
    public static AppState classify(IntervalMetrics m, DecisionThresholds t) {
        return AppState.of(Classification.placementCategory(m.mainSharePct(), m.workers(), m.imbalancePct(),
                t.nodeCores(), t.classification()));
    }

    public Decision next(IntervalMetrics m) {
        clockMs += last == null ? 0 : last.intervalMs();
        if (m.idle()) {
            return decide(current, last == null ? null : last.placement(), current.probe() ? t.baseIntervalMs()
                    : intervalMs, "idle: no application work, nothing changes");
        }
        jitWindow.add(m.jitWantCpus(), last == null ? t.baseIntervalMs() : last.intervalMs());
        AppState c = classify(m, t);
        String shape = String.format(Locale.ROOT, "main %.0f%%, %d workers, imbalance %.0f%%", m.mainSharePct(),
                m.workers(), m.imbalancePct());
        if (c == AppState.EMBARRASSINGLY_IMBALANCED) {
            // more workers than one node has cores (else TLP_BOUND): confining takes CPU from all but the leader,
            // so it is a parallel application to probe, not to confine on the classification alone
            shape = c + ", " + shape;
        } else if (!c.parallelDecision()) {
            unconfirmed = null; // a probe under way is abandoned
            if (parallelSeen != null) {
                // a serial phase (set-up, a reduction, the tail) of an application that has run in parallel: the
                // classification does not confine it, only a probe's measured cost does (do no harm)
                confineWantedSinceMs = -1;
                String why = c + " (" + shape + ") in an application that ran in parallel (" + parallelSeen
                        + "): only a measured cost confines it";
                if (settledPlacement == null) {
                    return settle(AppState.PARALLEL_ON_ALL_NODES, Placement.ALL_NODES, why + ": all");
                }
                // like an idle interval: the settled decision, its verdict and its hold stand
                return decide(settled, settledPlacement, settled.parallelDecision() ? intervalMs : t.baseIntervalMs(),
                        why + ": " + settled + " kept");
            }
            double room = t.nodeCores() * (1 + t.margin());
            // confined, every thread that wakes waits behind the program on the node's CPUs: what the threads want
            // there says how crowded the node is, not what they need, so a confined application is judged on the
            // CPUs it got, as where the kernel keeps no schedstat (judged on wanted CPUs, a thread waking now and
            // then moved a confined program in and out four times in one guest run)
            boolean confined = settledPlacement == Placement.SINGLE_NODE;
            String load = appLoad(m, confined);
            if ((confined ? m.busyCpus() : m.appDemand()) > room) {
                confineWantedSinceMs = -1;
                return settle(c, Placement.ALL_NODES, String.format(Locale.ROOT,
                        "%s (%s) but %s, one node has %d, margin %s: all", c, shape, load, t.nodeCores(),
                        ProbeVerdict.pct(t.margin())));
            }
            long measuredMs = last == null ? t.baseIntervalMs() : last.intervalMs();
            if (confineWantedSinceMs < 0) {
                confineWantedSinceMs = clockMs - measuredMs;
                jvmWindow.clear();
            }
            jvmWindow.add(m.jvmDemand(), measuredMs);
            String why = c + " (" + shape + ")" + (Double.isNaN(m.appDemand()) ? "" : String.format(Locale.ROOT,
                    ", %s, one node has %d", load, t.nodeCores()));
            long wanted = clockMs - confineWantedSinceMs;
            if (settledPlacement != Placement.SINGLE_NODE && wanted < holdMs) {
                // confining is the risky move: the classification must last the hold first (a serial phase of a
                // parallel program that ends sooner would otherwise leave the next parallel phase on one node)
                return decide(settled, settledPlacement, t.baseIntervalMs(), "hold: " + why + " for " + wanted
                        + " of " + holdMs + " ms before confining, " + untouchedOrKept());
            }
            double jvmBusy = confined ? Double.NaN : jvmWindow.mean(holdMs);
            if (jvmBusy > room) {
                // confining pins the JIT and GC threads with the program: over the last hold they needed more CPU
                // than the node has, so wait (a warming-up JIT quiets down; a program that keeps it busy stays put);
                // once confined, not judged again (see above)
                return decide(settled, settledPlacement, t.baseIntervalMs(), String.format(Locale.ROOT, "hold: %s, "
                        + "but the JVM (JIT, GC) %s %.2f CPUs%s over the last %d ms, one node has %d, margin %s: %s",
                        why, Double.isNaN(m.jvmWantCpus()) ? "keeps" : "wants", jvmBusy,
                        Double.isNaN(m.jvmWantCpus()) ? " busy" : "", jvmWindow.ms(), t.nodeCores(),
                        ProbeVerdict.pct(t.margin()), untouchedOrKept()));
            }
            return settle(c, c.placement(), why + ": one node");
        }
        confineWantedSinceMs = -1;
        if (parallelSeen == null) {
            parallelSeen = m.workers() + " workers";
        }
        switch (current) {
            case PROBING_SINGLE_NODE -> {
                if (unconfirmed != null) {
                    ProbeVerdict second = ProbeVerdict.compare(m.costs(), confirmAllCosts, t.margin(), m.busyCpus(),
                            confirmAllBusy);
                    ProbeVerdict first = unconfirmed;
                    unconfirmed = null;
                    return verdict(second.placement() == Placement.SINGLE_NODE
                            ? new ProbeVerdict(Placement.SINGLE_NODE, second.onChosen(), "confirmed: " + first.reason()
                                    + "; then " + second.reason())
                            : new ProbeVerdict(Placement.ALL_NODES, second.onChosen(), "not confirmed: "
                                    + first.reason() + "; then " + second.reason()), true);
                }
                singleNodeCosts = m.costs();
                singleNodeBusy = m.busyCpus();
                return decide(AppState.PROBING_ALL_NODES, Placement.ALL_NODES, t.baseIntervalMs(),
                        "probe: one node measured " + m.signal() + " " + fmt(m.cost()) + ", next on all nodes");
            }
            case PROBING_ALL_NODES -> {
                if (unconfirmed != null) {
                    confirmAllCosts = m.costs();
                    confirmAllBusy = m.busyCpus();
                    return decide(AppState.PROBING_SINGLE_NODE, Placement.SINGLE_NODE, t.baseIntervalMs(),
                            "confirming: all nodes measured " + m.signal() + " " + fmt(m.cost())
                                    + ", next on one node");
                }
                ProbeVerdict v = ProbeVerdict.compare(singleNodeCosts, m.costs(), t.margin(), singleNodeBusy,
                        m.busyCpus());
                if (v.placement() == Placement.SINGLE_NODE) {
                    // one pair in one order can be a phase of the program changing between its two intervals: the
                    // reversed pair (all nodes, then one node) must say the same before the program is confined
                    unconfirmed = v;
                    return decide(AppState.PROBING_ALL_NODES, Placement.ALL_NODES, t.baseIntervalMs(),
                            "probe: " + v.reason() + "; confirming: all nodes again, then one node");
                }
                return verdict(v, true);
            }
            default -> {
                unconfirmed = null;
                if (settledPlacement == Placement.SINGLE_NODE && !settled.parallelDecision()) {
                    // confined as single-threaded or TLP-bound, and parallel again: back at once, probe later
                    return settle(AppState.PARALLEL_ON_ALL_NODES, Placement.ALL_NODES, "parallel (" + shape
                            + ") again after " + settled + ": all nodes at once, probed after the hold");
                }
                ProbeVerdict skip = ProbeVerdict.withoutProbe(m);
                if (skip != null) {
                    return verdict(skip, false);
                }
                if (settled.parallelDecision() && verdictCost != null && clockMs - verdictAtMs < t.maxIntervalMs()) {
                    Decision holds = verdictHolds(m);
                    if (holds != null) {
                        return holds;
                    }
                }
                driftSinceMs = -1;
                if (settledPlacement != null && clockMs - changedAtMs < holdMs) {
                    return held("parallel (" + shape + "), probe");
                }
                Decision jitBusy = waitForTheJit("parallel (" + shape + ")");
                if (jitBusy != null) {
                    return jitBusy;
                }
                return decide(AppState.PROBING_SINGLE_NODE, Placement.SINGLE_NODE, t.baseIntervalMs(),
                        "parallel (" + shape + "): probing one node" + probeDueNote());
            }
        }
    }

    /**
     * What the application threads need, in words: the CPUs they wanted (busy, or runnable and waiting for a CPU) where
     * the kernel says, with those they got; else, and for a confined application (judged on what it got), the CPUs
     * they kept busy.
     */
    private static String appLoad(IntervalMetrics m, boolean confined) {
        if (Double.isNaN(m.appWantCpus())) {
            return String.format(Locale.ROOT, "application threads keep %.2f CPUs busy", m.busyCpus());
        }
        return confined ? String.format(Locale.ROOT, "application threads keep %.2f CPUs busy on the node (want "
                + "%.2f there, queued behind one another)", m.busyCpus(), m.appWantCpus())
                : String.format(Locale.ROOT, "application threads want %.2f CPUs (%.2f busy)", m.appWantCpus(),
                        m.busyCpus());
    }

    /**
     * A due probe waits (the decision that says so), or null: probe now. A probe confines the program, its JIT
     * compiler threads with it, for an interval; while the JIT is busy (warm-up) that squeeze delays compiled code
     * beyond the interval, and each interval of a warming program runs faster than the last whatever its placement
     * (Xalan's iterations: 1040, 560, 500, 430 ms while its compiler threads want a CPU), so the pair's comparison
     * would say little. The wait is bounded: after the maximum interval the probe goes ahead however busy the JIT (a
     * program that compiles all the time is probed too, only later).
     */
    private Decision waitForTheJit(String shape) {
        double jit = jitWindow.mean(holdMs);
        if (!(t.probeJitCpus() > 0) || !(jit > t.probeJitCpus())) {
            return null;
        }
        if (probeDueSinceMs < 0) {
            probeDueSinceMs = clockMs;
        }
        long waited = clockMs - probeDueSinceMs;
        if (waited >= t.maxIntervalMs()) {
            return null;
        }
        return decide(settled, settledPlacement, t.baseIntervalMs(), String.format(Locale.ROOT, "hold: %s, probe "
                + "waits while the JIT compiles (compiler threads want %.2f CPUs over the last %d ms, above %s; "
                + "waited %d of %d ms), %s", shape, jit, jitWindow.ms(), fmt(t.probeJitCpus()), waited,
                t.maxIntervalMs(), untouchedOrKept()));
    }

    /** What a probe that waited for the JIT says when it starts; empty when it did not wait. */
    private String probeDueNote() {
        if (probeDueSinceMs < 0) {
            return "";
        }
        long waited = clockMs - probeDueSinceMs;
        probeDueSinceMs = -1;
        return waited >= t.maxIntervalMs() ? " (the JIT still busy after " + waited + " ms: probing anyway)"
                : " (after " + waited + " ms waiting for the JIT)";
    }

    private String untouchedOrKept() {
        return settledPlacement == null ? "threads untouched" : settledPlacement + " kept";
    }

    private Decision verdict(ProbeVerdict v, boolean probed) {
        driftSinceMs = -1;
        verdictCost = v.onChosen();
        verdictAtMs = clockMs;
        AppState s = v.placement() == Placement.ALL_NODES ? AppState.PARALLEL_ON_ALL_NODES
                : AppState.PARALLEL_ON_SINGLE_NODE;
        return settle(s, v.placement(), v.reason(), probed);
    }

    /**
     * The settled verdict kept (null: re-probe). All nodes, the safe placement, stands until the verdict is older than
     * the maximum interval, whatever its signal does: a probe confines the program for an interval, and on a shared
     * machine, or between a program's phases, one interval's cost moves by more than the margin all the time (Xalan:
     * four probes in 8 s when every drift re-probed). One node stands while its signal stays within the margin of the
     * probe's cost, or has been off for less than the hold: a lasting drift re-probes a confined program sooner.
     */
    private Decision verdictHolds(IntervalMetrics m) {
        SignalCost now = m.costs().stream().filter(c -> c.signal() == verdictCost.signal()).findFirst().orElse(null);
        boolean measured = now != null && now.measurable();
        if (settledPlacement == Placement.ALL_NODES) {
            return settle(settled, settledPlacement, "verdict holds: all nodes, probed again "
                    + (t.maxIntervalMs() - (clockMs - verdictAtMs)) + " ms from now (" + verdictCost.name() + " "
                    + (measured ? fmt(now.cost()) : "measured nothing") + ", the probe's " + fmt(verdictCost.cost())
                    + ")");
        }
        if (measured && Math.abs(now.cost() / verdictCost.cost() - 1) <= t.margin()) {
            driftSinceMs = -1;
            return settle(settled, settledPlacement, "verdict holds: " + now.name() + " " + fmt(now.cost())
                    + " within the margin of the probe's " + fmt(verdictCost.cost()));
        }
        if (driftSinceMs < 0) {
            driftSinceMs = clockMs - (last == null ? t.baseIntervalMs() : last.intervalMs());
        }
        long drifted = clockMs - driftSinceMs;
        if (drifted >= holdMs) {
            return null;
        }
        return settle(settled, settledPlacement, "verdict holds: " + verdictCost.name() + " "
                + (measured ? fmt(now.cost()) + " off the probe's " + fmt(verdictCost.cost()) : "measured nothing")
                + " for " + drifted + " of " + holdMs + " ms");
    }

    private Decision settle(AppState s, Placement p, String reason) {
        return settle(s, p, reason, false);
    }

    /**
     * A verdict counts like a reversal for the hold: each one doubles the wait before the next probe. Confining
     * classifications reach this only once they have lasted the hold (see {@link #next}); going back to all nodes is
     * never held, since waiting there could only cost the application CPUs.
     */
    private Decision settle(AppState s, Placement p, String reason, boolean verdict) {
        boolean reversal = settledPlacement != null && p != settledPlacement;
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
        if (reversal || verdict) {
            holdMs = Math.min(t.maxIntervalMs(), holdMs * 2);
        }
        if (reversal || verdict || settledPlacement == null) {
            changedAtMs = clockMs;
        }
        settledPlacement = p;
        return decide(s, p, intervalMs, reason);
    }

    /** Keeps the settled decision: {@code wanted} waits until the placement's hold has passed. */
    private Decision held(String wanted) {
        return decide(settled, settledPlacement, t.baseIntervalMs(), "hold: " + wanted + " waits, "
                + settledPlacement + " kept " + (clockMs - changedAtMs) + " of " + holdMs + " ms");
    }

    private Decision decide(AppState s, Placement p, long sleepMs, String reason) {
        current = s;
        last = new Decision(s, p, sleepMs, migrations, reason);
        return last;
    }

    private static String fmt(double cost) {
        return String.format(Locale.ROOT, "%.3g", cost);
    }

    /** The last settled (non-probe) decision. */
    public AppState settled() {
        return settled;
    }

    public int migrations() {
        return migrations;
    }

    /** How long the settled placement must stay before it may be reversed or re-probed, ms. */
    public long holdMs() {
        return holdMs;
    }
}
