package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.opt.OptFlags.Signal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Drives the pure Decide step with scripted interval metrics. Node of 4 cores, paper thresholds unless stated. */
class DeciderTest {
    private static final DecisionThresholds T = DecisionThresholds.defaults(4);
    /** The default JIT demand above which a probe waits (no test below gives the JIT's demand unless it says so). */
    private static final double JIT_WAIT = DecisionThresholds.PROBE_JIT_CPUS;

    static IntervalMetrics m(double cost, double mainShare, int workers, double imbalance) {
        return new IntervalMetrics(List.of(new SignalCost(Signal.CPI, cost)), mainShare, workers, imbalance, 1000,
                Double.NaN);
    }

    static IntervalMetrics idle() {
        return new IntervalMetrics(List.of(new SignalCost(Signal.CPI, Double.NaN)), 0, 0, 0, 0, Double.NaN);
    }

    /** A balanced parallel interval (8 workers on a 4-core node) with the given cost. */
    static IntervalMetrics parallel(double cost) {
        return m(cost, 5, 8, 10);
    }

    @Test
    void everyNonParallelStateIsReachedAndPlacedOnOneNode() {
        Decider d = new Decider(T);
        Decision st = d.next(m(1.0, 95, 0, 0));
        assertEquals(AppState.SINGLE_THREADED, st.state());
        assertEquals(Placement.SINGLE_NODE, st.placement());
        Decision tlp = d.next(m(1.0, 20, 3, 10));
        assertEquals(AppState.TLP_BOUND, tlp.state());
        assertEquals(Placement.SINGLE_NODE, tlp.placement());
        Decision st2 = d.next(m(1.0, 95, 0, 0));
        assertEquals(2, st2.migrations(), "two flips after the first decision");
        // more workers than a node has cores: probed like any parallel application, not confined on sight
        assertEquals(AppState.EMBARRASSINGLY_IMBALANCED, Decider.classify(m(1.0, 10, 8, 150), T));
        Decision ei = new Decider(T).next(m(1.0, 10, 8, 150));
        assertEquals(AppState.PROBING_SINGLE_NODE, ei.state());
        assertTrue(ei.reason().startsWith("parallel (EMBARRASSINGLY_IMBALANCED, main 10%"), ei.reason());
        // and after a confined phase it is first given all nodes back
        Decision back = d.next(m(1.0, 10, 8, 150));
        assertEquals(AppState.PARALLEL_ON_ALL_NODES, back.state());
        assertTrue(back.reason().startsWith("parallel (EMBARRASSINGLY_IMBALANCED, main 10%") && back.reason()
                .endsWith(") again after SINGLE_THREADED: all nodes at once, probed after the hold"), back.reason());
    }

    @Test
    void parallelApplicationIsProbedSingleThenAllThenSettlesOnAllWhenNoWorse() {
        Decider d = new Decider(T);
        Decision p1 = d.next(parallel(9.9)); // cost of an unforced interval is not used
        assertEquals(AppState.PROBING_SINGLE_NODE, p1.state());
        assertEquals(Placement.SINGLE_NODE, p1.placement());
        Decision p2 = d.next(parallel(1.00)); // measured on a single node
        assertEquals(AppState.PROBING_ALL_NODES, p2.state());
        assertEquals(Placement.ALL_NODES, p2.placement());
        Decision s = d.next(parallel(1.10)); // on all nodes: 10% worse, inside the 15% margin
        assertEquals(AppState.PARALLEL_ON_ALL_NODES, s.state());
        assertEquals(Placement.ALL_NODES, s.placement());
        assertEquals(0, s.migrations());
    }

    @Test
    void parallelApplicationSettlesOnSingleNodeWhenAllNodesCostMoreThanTheMarginInBothOrders() {
        Decider d = new Decider(T);
        d.next(parallel(1));
        d.next(parallel(1.00));
        Decision first = d.next(parallel(1.20));
        assertEquals(AppState.PROBING_ALL_NODES, first.state(), "one pair says one node: the reversed pair must agree");
        assertEquals(Placement.ALL_NODES, first.placement());
        assertEquals("probe: cpi single 1.00 vs all 1.20, margin 15%: single; confirming: all nodes again, then one "
                + "node", first.reason());
        Decision again = d.next(parallel(1.20)); // measured on all nodes again
        assertEquals(AppState.PROBING_SINGLE_NODE, again.state());
        assertEquals(Placement.SINGLE_NODE, again.placement());
        Decision confirmed = d.next(parallel(1.00)); // and on one node
        assertEquals(AppState.PARALLEL_ON_SINGLE_NODE, confirmed.state());
        assertEquals("confirmed: cpi single 1.00 vs all 1.20, margin 15%: single; then cpi single 1.00 vs all 1.20, "
                + "margin 15%: single", confirmed.reason());
    }

    /**
     * A program whose phase changed between the two intervals of the probe (PMD at load 28 measured allocation 21 on
     * one node and 75 on all) is not confined: the reversed pair sees the change the other way round.
     */
    @Test
    void aProbeThatTheReversedPairContradictsLeavesTheProgramOnAllNodes() {
        Decider d = new Decider(T);
        d.next(parallel(1));
        d.next(parallel(1.0)); // one node, phase A
        assertEquals(AppState.PROBING_ALL_NODES, d.next(parallel(3.0)).state()); // all nodes, phase B: "single"
        d.next(parallel(3.0)); // all nodes, phase B
        Decision s = d.next(parallel(3.0)); // one node, phase B
        assertEquals(AppState.PARALLEL_ON_ALL_NODES, s.state());
        assertEquals(Placement.ALL_NODES, s.placement());
        assertEquals("not confirmed: cpi single 1.00 vs all 3.00, margin 15%: single; then cpi single 3.00 vs all "
                + "3.00, margin 15%: all", s.reason());
    }

    /** The probe, confirmed when one node wins: single, all, and if needed all and single again. */
    private static Decision probe(Decider d, double single, double all) {
        d.next(parallel(single));
        Decision v = d.next(parallel(all));
        if (v.state() == AppState.PROBING_ALL_NODES) {
            d.next(parallel(all));
            v = d.next(parallel(single));
        }
        return v;
    }

    @ParameterizedTest(name = "single {0}, all {1}, margin {2} -> {3}")
    @CsvSource({
        "1.0, 1.0,   0.15, PARALLEL_ON_ALL_NODES",
        "1.0, 1.149, 0.15, PARALLEL_ON_ALL_NODES",
        "1.0, 1.151, 0.15, PARALLEL_ON_SINGLE_NODE",
        "1.0, 0.5,   0.0,  PARALLEL_ON_ALL_NODES",
        "1.0, 1.01,  0.0,  PARALLEL_ON_SINGLE_NODE",
        "1.0, 1.9,   1.0,  PARALLEL_ON_ALL_NODES",
        "2.0, 4.1,   1.0,  PARALLEL_ON_SINGLE_NODE",
        // unmeasurable on one side: nothing says one node is better, so all nodes (never confine on no evidence)
        "NaN, 1.0,   0.15, PARALLEL_ON_ALL_NODES",
        "1.0, NaN,   0.15, PARALLEL_ON_ALL_NODES",
    })
    void marginDecidesTheProbe(double single, double all, double margin, AppState expected) {
        DecisionThresholds t = new DecisionThresholds(4, 80, 90, margin, 4, 200, 200, 10_000, true, JIT_WAIT);
        Decider d = new Decider(t);
        d.next(parallel(1));
        assertEquals(expected, probe(d, single, all).state());
    }

    @ParameterizedTest(name = "main {0}% workers {1} imbalance {2}% -> {3}")
    @CsvSource({
        // main-share threshold 80: strictly above
        "80.1, 8, 10, SINGLE_THREADED",
        "80.0, 8, 10, PARALLEL_ON_ALL_NODES",
        "99,   0, 0,  SINGLE_THREADED",
        // single-threaded is checked before TLP and imbalance
        "90,   1, 500, SINGLE_THREADED",
        // workers <= cores of one node (4)
        "10,   4, 10, TLP_BOUND",
        "10,   5, 10, PARALLEL_ON_ALL_NODES",
        // no worker at all: Single-Threaded, as the study says (the one classification; the same placement)
        "10,   0, 0,  SINGLE_THREADED",
        // TLP is checked before imbalance
        "10,   2, 300, TLP_BOUND",
        // imbalance threshold 90: strictly above
        "10,   8, 90.1, EMBARRASSINGLY_IMBALANCED",
        "10,   8, 90,   PARALLEL_ON_ALL_NODES",
    })
    void thresholdTable(double mainShare, int workers, double imbalance, AppState expected) {
        assertEquals(expected, Decider.classify(m(1, mainShare, workers, imbalance), T));
    }

    @ParameterizedTest(name = "thresholds main {0} imbalance {1} cores {2}: main {3}% workers {4} imbalance {5}% -> {6}")
    @CsvSource({
        "50, 90, 4, 60, 8, 10, SINGLE_THREADED",
        "50, 90, 4, 40, 8, 10, PARALLEL_ON_ALL_NODES",
        "80, 20, 4, 10, 8, 30, EMBARRASSINGLY_IMBALANCED",
        "80, 20, 16, 10, 8, 30, TLP_BOUND",
        "80, 90, 1, 10, 2, 30, PARALLEL_ON_ALL_NODES",
    })
    void everyThresholdIsConfigurable(double mainT, double imbT, int cores, double main, int workers, double imb,
            AppState expected) {
        DecisionThresholds t = new DecisionThresholds(4, mainT, imbT, 0.15, cores, 200, 200, 10_000, true, JIT_WAIT);
        assertEquals(expected, Decider.classify(m(1, main, workers, imb), t));
    }

    @Test
    void stabilizationLengthensRepeatedParallelDecisionsAndResetsOnChange() {
        Decider d = new Decider(T);
        List<Long> probeIntervals = new ArrayList<>();
        probeIntervals.add(d.next(parallel(1)).intervalMs());
        probeIntervals.add(d.next(parallel(1.0)).intervalMs());
        List<Long> settledIntervals = new ArrayList<>();
        settledIntervals.add(d.next(parallel(1.0)).intervalMs());
        for (int i = 0; i < 3; i++) {
            Decision s = d.next(parallel(1.05)); // within the margin of the probe's cost: the verdict holds
            assertEquals(AppState.PARALLEL_ON_ALL_NODES, s.state());
            assertTrue(s.reason().startsWith("verdict holds"), s.reason());
            settledIntervals.add(s.intervalMs());
        }
        assertEquals(List.of(200L, 400L, 600L, 800L), settledIntervals);
        assertTrue(probeIntervals.stream().allMatch(i -> i == 200L), "probes last the base interval: " + probeIntervals);
        // all nodes stands however the cost drifts, until the verdict is older than the maximum interval: re-probed,
        // and the decision changes: back to the base interval
        Decision s;
        do {
            s = d.next(parallel(1.5));
        } while (s.state() == AppState.PARALLEL_ON_ALL_NODES);
        assertEquals(AppState.PROBING_SINGLE_NODE, s.state());
        Decision flipped = probe(d, 1.0, 2.0);
        assertEquals(AppState.PARALLEL_ON_SINGLE_NODE, flipped.state());
        assertEquals(200L, flipped.intervalMs());
        assertEquals(1, flipped.migrations());
        // and it grows again from there
        assertEquals(400L, d.next(parallel(1.0)).intervalMs());
    }

    /**
     * A probe confines the program for an interval. All nodes, the safe placement, is probed again only once its
     * verdict is older than the maximum interval, however its signal drifts; one node is probed again sooner, once a
     * drift has lasted the hold (one noisy interval is no reason for it).
     */
    @Test
    void allNodesStandsUntilTheMaximumIntervalOneNodeUntilADriftLastsTheHold() {
        DecisionThresholds fixed = new DecisionThresholds(4, 80, 90, 0.15, 4, 200, 200, 10_000, false, JIT_WAIT);
        Decider all = new Decider(fixed);
        all.next(parallel(1));
        all.next(parallel(1.0));
        assertEquals(AppState.PARALLEL_ON_ALL_NODES, all.next(parallel(1.0)).state());
        assertEquals("verdict holds: all nodes, probed again 9800 ms from now (cpi 3.00, the probe's 1.00)",
                all.next(parallel(3.0)).reason());
        int intervals = 1;
        while (all.next(parallel(3.0)).state() == AppState.PARALLEL_ON_ALL_NODES) {
            intervals++;
        }
        assertEquals(49, intervals, "the verdict's own interval and 49 more: 10 s of 200 ms intervals");

        Decider one = new Decider(fixed);
        one.next(parallel(1));
        assertEquals(AppState.PARALLEL_ON_SINGLE_NODE, probe(one, 1.0, 2.0).state());
        assertEquals(400, one.holdMs(), "one verdict: 400 ms");
        Decision noisy = one.next(parallel(1.5));
        assertEquals(AppState.PARALLEL_ON_SINGLE_NODE, noisy.state());
        assertEquals("verdict holds: cpi 1.50 off the probe's 1.00 for 200 of 400 ms", noisy.reason());
        assertEquals("verdict holds: cpi 1.00 within the margin of the probe's 1.00", one.next(parallel(1.0)).reason());
        List<AppState> drifting = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            drifting.add(one.next(parallel(1.5)).state());
        }
        assertEquals(List.of(AppState.PARALLEL_ON_SINGLE_NODE, AppState.PROBING_SINGLE_NODE), drifting,
                "re-probed after 400 ms of drift");
    }

    @Test
    void stabilizationIsCappedAndOnlyForParallelDecisions() {
        Decider d = new Decider(new DecisionThresholds(4, 80, 90, 0.15, 4, 200, 500, 1000, true, JIT_WAIT));
        d.next(parallel(1));
        d.next(parallel(1));
        d.next(parallel(1)); // verdict: all nodes, base interval
        assertEquals(700, d.next(parallel(1)).intervalMs());
        assertEquals(1000, d.next(parallel(1)).intervalMs(), "capped");
        assertEquals(AppState.PROBING_SINGLE_NODE, d.next(parallel(1)).state(), "re-probed once the maximum passed");
        Decider single = new Decider(T);
        for (int i = 0; i < 5; i++) {
            assertEquals(200, single.next(m(1, 95, 0, 0)).intervalMs(), "single-threaded is not stabilized");
        }
    }

    @Test
    void nonAdaptiveModeKeepsTheBaseInterval() {
        Decider d = new Decider(new DecisionThresholds(4, 80, 90, 0.15, 4, 200, 200, 10_000, false, JIT_WAIT));
        for (int i = 0; i < 4; i++) {
            d.next(parallel(1));
            d.next(parallel(1));
            assertEquals(200, d.next(parallel(1)).intervalMs());
        }
    }

    @Test
    void migrationsCountDecisionFlipsOnly() {
        Decider d = new Decider(T);
        int[] expected = {0, 0, 1, 1, 2};
        IntervalMetrics[] series = {m(1, 95, 0, 0), m(1, 95, 0, 0), m(1, 10, 2, 0), m(1, 10, 2, 0), m(1, 95, 0, 0)};
        for (int i = 0; i < series.length; i++) {
            assertEquals(expected[i], d.next(series[i]).migrations(), "after interval " + i);
        }
        // parallel again after SINGLE_THREADED: back on all nodes at once, a flip; the probe that follows the hold
        // is not one, nor is a verdict that settles where the application already is
        Decision release = d.next(m(1, 10, 8, 200));
        assertEquals(AppState.PARALLEL_ON_ALL_NODES, release.state());
        assertEquals(3, release.migrations());
        List<AppState> states = new ArrayList<>();
        for (int i = 0; i < 12 && !states.contains(AppState.PROBING_ALL_NODES); i++) {
            Decision p = d.next(parallel(1));
            states.add(p.state());
            assertEquals(3, p.migrations(), "interval " + i + ": " + p);
        }
        assertTrue(states.contains(AppState.PROBING_SINGLE_NODE), states.toString());
        assertEquals(3, d.next(parallel(1)).migrations(), "verdict: all nodes, as before");
        assertEquals(3, d.migrations());
    }

    @Test
    void aNonParallelIntervalDuringTheProbeAbandonsIt() {
        Decider d = new Decider(T);
        assertEquals(AppState.PROBING_SINGLE_NODE, d.next(parallel(1)).state());
        Decision serial = d.next(m(1, 95, 0, 0));
        assertEquals(AppState.PARALLEL_ON_ALL_NODES, serial.state(), "a serial phase of a parallel application");
        assertEquals(Placement.ALL_NODES, serial.placement());
        assertEquals("SINGLE_THREADED (main 95%, 0 workers, imbalance 0%) in an application that ran in parallel (8 "
                + "workers): only a measured cost confines it: all", serial.reason());
        // a new parallel phase starts a fresh probe, never the second half of the old one
        assertEquals(AppState.PROBING_SINGLE_NODE, d.next(parallel(1)).state());
    }

    @Test
    void idleIntervalChangesNothing() {
        Decider d = new Decider(T);
        Decision first = d.next(idle());
        assertEquals(AppState.UNDECIDED, first.state());
        assertEquals(null, first.placement());
        d.next(parallel(1));
        Decision idle = d.next(idle());
        assertEquals(AppState.PROBING_SINGLE_NODE, idle.state(), "still waiting for a measurable single-node interval");
        assertEquals(AppState.PROBING_ALL_NODES, d.next(parallel(1)).state());
    }

    @Test
    void noSignalStaysOnAllNodesWithoutProbingAndSaysWhy() {
        Decider d = new Decider(T);
        IntervalMetrics nothing = new IntervalMetrics(List.of(new SignalCost(Signal.ALLOCATION, Double.NaN),
                new SignalCost(Signal.PROGRESS, Double.NaN)), 5, 8, 10, 1000, Double.NaN);
        for (int i = 0; i < 5; i++) {
            Decision s = d.next(nothing);
            assertEquals(AppState.PARALLEL_ON_ALL_NODES, s.state(), "never probed, never confined");
            assertEquals(Placement.ALL_NODES, s.placement());
            assertEquals("no signal (allocation progress measured nothing): stay on all nodes", s.reason());
        }
        Decision none = new Decider(T).next(new IntervalMetrics(List.of(), 5, 8, 10, 1000, Double.NaN));
        assertEquals("no signal: stay on all nodes", none.reason());
    }

    @Test
    void aSignalMeasuredOnOneSideOnlyIsNoEvidenceForOneNode() {
        Decider d = new Decider(T);
        d.next(parallel(1));
        d.next(parallel(1.0)); // cpi on one node
        Decision s = d.next(new IntervalMetrics(List.of(new SignalCost(Signal.CPI, Double.NaN)), 5, 8, 10, 1000,
                Double.NaN));
        assertEquals(AppState.PARALLEL_ON_ALL_NODES, s.state());
        assertTrue(s.reason().startsWith("no signal"), s.reason());
    }

    @ParameterizedTest(name = "single {0}, all {1} -> {2}")
    @CsvSource(delimiter = ';', value = {
        "1.2e-3; 1.1e-3; cpi single 0.00120 vs all 0.00110, margin 15%: all",
        "1.0e-3; 1.149e-3; cpi single 0.00100 vs all 0.00115, margin 15%: all",
        "1.0e-3; 1.2e-3; cpi single 0.00100 vs all 0.00120, margin 15%: single",
    })
    void marginIsRespectedAndTheReasonGivesBothCosts(double single, double all, String reason) {
        Decider d = new Decider(T);
        d.next(parallel(1));
        Decision s = probe(d, single, all);
        boolean single1 = reason.endsWith("single");
        assertEquals(single1 ? Placement.SINGLE_NODE : Placement.ALL_NODES, s.placement());
        assertEquals(single1 ? "confirmed: " + reason + "; then " + reason : reason, s.reason());
    }

    @Test
    void theFirstSignalMeasuredOnBothSidesDecides() {
        Decider d = new Decider(T);
        d.next(costs(2.0, 1.0)); // allocation measured: probe
        d.next(costs(1.0, 1.0)); // one node: allocation and cpu-share
        Decision s = d.next(costs(Double.NaN, 3.0)); // all nodes: only cpu-share (much "worse": another process's load)
        assertEquals(AppState.PARALLEL_ON_ALL_NODES, s.state());
        assertEquals("cpu-share single 1.00 vs all 3.00, margin 15%: all (CPU time cannot show one node faster)",
                s.reason(), "cpu-share never confines");
    }

    /**
     * Do no harm on a shared machine: a wall-time signal that finds all nodes slower is not believed when the
     * application got fewer CPUs there than on one node (another process took them); it is when the application got
     * at least as many, and still did less per second.
     */
    @ParameterizedTest(name = "allocation single 1.0 vs all 2.0, CPUs busy {0} on one node, {1} on all -> {2}")
    @CsvSource({
        "0.95, 0.60, PARALLEL_ON_ALL_NODES",
        "0.95, 0.95, PARALLEL_ON_SINGLE_NODE",
        "0.95, 1.90, PARALLEL_ON_SINGLE_NODE",
        "NaN,  NaN,  PARALLEL_ON_SINGLE_NODE",
    })
    void aWallTimeSignalIsNotBelievedWhenTheApplicationGotFewerCpusOnAllNodes(double busySingle, double busyAll,
            AppState expected) {
        Decider d = new Decider(DecisionThresholds.defaults(1));
        d.next(allocation(1.0, 1.0));
        d.next(allocation(1.0, busySingle));
        Decision s = d.next(allocation(2.0, busyAll));
        if (s.state() == AppState.PROBING_ALL_NODES) { // believed: the reversed pair confirms it
            d.next(allocation(2.0, busyAll));
            s = d.next(allocation(1.0, busySingle));
        }
        assertEquals(expected, s.state(), s.reason());
        if (expected == AppState.PARALLEL_ON_ALL_NODES) {
            assertEquals(String.format(java.util.Locale.ROOT, "allocation single 1.00 vs all 2.00, margin 15%%, but "
                    + "application threads got fewer CPUs on all nodes (%.2f vs %.2f on one): other load, not "
                    + "placement: all", busyAll, busySingle), s.reason());
        }
    }

    private static IntervalMetrics allocation(double cost, double busy) {
        return new IntervalMetrics(List.of(new SignalCost(Signal.ALLOCATION, cost)), 5, 8, 10, 1000, busy);
    }

    private static IntervalMetrics costs(double allocation, double cpuShare) {
        return new IntervalMetrics(List.of(new SignalCost(Signal.ALLOCATION, allocation),
                new SignalCost(Signal.CPU_SHARE, cpuShare)), 5, 8, 10, 1000, cpuShare > 0 ? 1 / cpuShare : Double.NaN);
    }

    @Test
    void aParallelProgramMeasuredOnlyByCpuShareIsNeitherProbedNorConfined() {
        Decider d = new Decider(DecisionThresholds.defaults(1)); // pseudo-nodes of one CPU
        for (double busy : new double[] {1.9, 0.6, 1.2}) {
            Decision s = d.next(costs(Double.NaN, 1 / busy));
            assertEquals(AppState.PARALLEL_ON_ALL_NODES, s.state());
            assertEquals(Placement.ALL_NODES, s.placement());
            assertEquals(String.format(java.util.Locale.ROOT, "cpu-share: %.2f CPUs busy, CPU time cannot show one "
                    + "node faster, no probe: all", busy), s.reason());
        }
    }

    @Test
    void aConfiningClassificationThatNeedsMoreCpusThanANodeStaysOnAllNodes() {
        Decider d = new Decider(DecisionThresholds.defaults(1));
        IntervalMetrics mainAndOneWorker = new IntervalMetrics(List.of(), 45, 1, 0, 1000, 1.9);
        Decision s = d.next(mainAndOneWorker);
        assertEquals(AppState.TLP_BOUND, s.state());
        assertEquals(Placement.ALL_NODES, s.placement());
        assertEquals("TLP_BOUND (main 45%, 1 workers, imbalance 0%) but application threads keep 1.90 CPUs busy, one "
                + "node has 1, margin 15%: all", s.reason());
        IntervalMetrics singleThreaded = new IntervalMetrics(List.of(), 97, 0, 0, 1000, 1.0);
        Decision st = new Decider(DecisionThresholds.defaults(1)).next(singleThreaded);
        assertEquals(Placement.SINGLE_NODE, st.placement(), "one busy CPU fits one node");
        assertEquals("SINGLE_THREADED (main 97%, 0 workers, imbalance 0%), application threads keep 1.00 CPUs busy, "
                + "one node has 1: one node", st.reason());
        IntervalMetrics unknownDemand = new IntervalMetrics(List.of(), 97, 0, 0, 1000, Double.NaN);
        Decision pmu = new Decider(DecisionThresholds.defaults(1)).next(unknownDemand);
        assertEquals(Placement.SINGLE_NODE, pmu.placement(), "work counted in instructions: the paper's rule alone");
        assertEquals("SINGLE_THREADED (main 97%, 0 workers, imbalance 0%): one node", pmu.reason());
    }

    /**
     * Confining pins the JIT and GC threads with the program: while they keep the JVM above what one node holds over
     * the last hold, the program waits (a warming-up JIT squeezed onto a 1-CPU pseudo-node with Jenetics cost it a
     * fifth); once they quiet down it is confined. One busy interval only delays it by that interval.
     */
    @Test
    void aSingleThreadedProgramWaitsWhileTheJitAndGcNeedMoreThanTheNode() {
        Decider d = new Decider(DecisionThresholds.defaults(1));
        IntervalMetrics warmingUp = new IntervalMetrics(List.of(), 100, 0, 0, 1000, 1.0, 1.6);
        IntervalMetrics quiet = new IntervalMetrics(List.of(), 100, 0, 0, 1000, 1.0, 1.05);
        Decision waits = d.next(warmingUp);
        assertEquals(null, waits.placement(), "threads untouched");
        assertEquals("hold: SINGLE_THREADED (main 100%, 0 workers, imbalance 0%), application threads keep 1.00 CPUs "
                + "busy, one node has 1, but the JVM (JIT, GC) keeps 1.60 CPUs busy over the last 200 ms, one node has "
                + "1, margin 15%: threads untouched", waits.reason());
        assertEquals(null, d.next(warmingUp).placement());
        Decision confined = d.next(quiet);
        assertEquals(AppState.SINGLE_THREADED, confined.state());
        assertEquals(Placement.SINGLE_NODE, confined.placement(), confined.reason());
        Decider unknown = new Decider(DecisionThresholds.defaults(1));
        assertEquals(Placement.SINGLE_NODE, unknown.next(new IntervalMetrics(List.of(), 100, 0, 0, 1000, 1.0))
                .placement(), "the JVM's CPU time unknown: the application's alone");
    }

    /**
     * The CI failure of the first attempt: the whole JVM's CPU time, JIT and GC included, kept a
     * single-threaded program off one node whenever a compiler burst or a loaded machine pushed it past one node's
     * CPUs. The demand judged is the application threads', each counted at most once, so one busy main thread always
     * fits a node of one CPU, whatever the JIT, the GC or a late reading under load add.
     */
    @Test
    void aSingleThreadedProgramFitsOneNodeWhateverTheJitGcAndALateReadingAdd() {
        com.numa.core.threads.ThreadIdentity main = new com.numa.core.threads.ThreadIdentity(1, "main", 1, false,
                com.numa.core.threads.ThreadRole.MAIN);
        com.numa.core.threads.ThreadIdentity jit = new com.numa.core.threads.ThreadIdentity(2, "C2 CompilerThread0",
                -1, true, com.numa.core.threads.ThreadRole.JVM_INTERNAL);
        com.numa.core.threads.ThreadIdentity gc = new com.numa.core.threads.ThreadIdentity(3, "GC Thread#0", -1, true,
                com.numa.core.threads.ThreadRole.JVM_INTERNAL);
        long wall = 200_000_000L;
        // main read 40 ms late (the Awareness Thread descheduled while collecting), JIT and GC busy all interval
        List<ThreadWork> deltas = List.of(new ThreadWork(main, 240e6, Double.NaN, Double.NaN),
                new ThreadWork(jit, 200e6, Double.NaN, Double.NaN), new ThreadWork(gc, 150e6, Double.NaN, Double.NaN));
        double busy = CostSignal.busyCpus(deltas, wall);
        assertEquals(1.0, busy, 1e-12);
        IntervalMetrics m = IntervalMetrics.of(deltas, 4, CostSignal.costs(List.of(Signal.CPU_SHARE), deltas, wall, 0),
                busy);
        Decision d = new Decider(DecisionThresholds.defaults(1)).next(m);
        assertEquals(AppState.SINGLE_THREADED, d.state());
        assertEquals(Placement.SINGLE_NODE, d.placement(), d.reason());
    }

    /**
     * Do no harm and hysteresis (PMD once flapped, 4 migrations and 24 placement changes in 16 s): an application
     * that flaps between single-threaded and parallel is confined at most while it has not yet run in parallel; once
     * it has, its serial phases (set-up, reductions, the tail) do not confine it, only a probe's measured cost would;
     * probing backs off as the hold doubles.
     */
    @Test
    void aFlappingApplicationIsConfinedAtMostBeforeItRanInParallel() {
        Decider d = new Decider(T);
        long clock = 0;
        Placement settledPlacement = null;
        int confinements = 0;
        int probes = 0;
        int flips = 0;
        boolean lastSingle = false;
        boolean parallelSeen = false;
        for (int i = 0; i < 400; i++) {
            boolean single = i % 4 == 0;
            IntervalMetrics m = single ? m(1, 95, 0, 0) : parallel(1.0);
            flips += i > 0 && single != lastSingle ? 1 : 0;
            lastSingle = single;
            Decision dec = d.next(m);
            probes += dec.state() == AppState.PROBING_SINGLE_NODE ? 1 : 0;
            if (!dec.state().probe() && dec.placement() != null) {
                if (dec.placement() == Placement.SINGLE_NODE && settledPlacement != Placement.SINGLE_NODE) {
                    assertTrue(single && !parallelSeen, "confined " + dec);
                    confinements++;
                }
                if (!single && settledPlacement == Placement.SINGLE_NODE) {
                    assertEquals(Placement.ALL_NODES, dec.placement(), "released at once: " + dec);
                    assertTrue(dec.reason().contains(") again after SINGLE_THREADED: all nodes at once"), dec.reason());
                }
                settledPlacement = dec.placement();
            }
            if (single && parallelSeen) {
                assertEquals(Placement.ALL_NODES, dec.placement(), dec.toString());
                assertTrue(dec.reason().startsWith("SINGLE_THREADED (main 95%, 0 workers, imbalance 0%) in an "
                        + "application that ran in parallel (8 workers): only a measured cost confines it: "),
                        dec.reason());
            }
            parallelSeen |= !single;
            clock += dec.intervalMs();
        }
        assertTrue(flips >= 190, "the script flaps: " + flips);
        assertEquals(1, confinements, "the first serial interval only");
        // holds of 200, 400, ... 6400 ms, then 10 s each: the probes a flapping run can cause
        assertTrue(probes <= 7 + clock / 10_000, probes + " probes in " + clock + " ms");
    }

    /**
     * Hysteresis, asymmetric because confining is the move that can harm: a confining classification must last the
     * hold before the application is confined; going back to all nodes is never held.
     */
    @Test
    void aConfiningClassificationMustLastTheHoldAndAllNodesComeAtOnce() {
        Decider d = new Decider(new DecisionThresholds(4, 80, 90, 0.15, 1, 200, 200, 10_000, false, JIT_WAIT));
        IntervalMetrics fits = new IntervalMetrics(List.of(), 45, 1, 0, 1000, 0.9);
        IntervalMetrics tooBusy = new IntervalMetrics(List.of(), 45, 1, 0, 1000, 1.9);
        assertEquals(Placement.ALL_NODES, d.next(tooBusy).placement());
        assertEquals(Placement.SINGLE_NODE, d.next(fits).placement(), "200 ms of the first hold, 200 ms");
        Decision back = d.next(tooBusy);
        assertEquals(Placement.ALL_NODES, back.placement(), "at once");
        assertEquals(800, d.holdMs(), "each reversal doubles the hold");
        Decision waits = d.next(fits);
        assertEquals(Placement.ALL_NODES, waits.placement());
        assertEquals("hold: TLP_BOUND (main 45%, 1 workers, imbalance 0%), application threads keep 0.90 CPUs busy, "
                + "one node has 1 for 200 of 800 ms before confining, ALL_NODES kept", waits.reason());
        assertEquals(Placement.ALL_NODES, d.next(fits).placement(), "400 of 800 ms");
        assertEquals(Placement.ALL_NODES, d.next(fits).placement(), "600 of 800 ms");
        assertEquals(Placement.SINGLE_NODE, d.next(fits).placement(), "800 of 800 ms");
    }
    private static IntervalMetrics wanted(double mainShare, int workers, double busy, double jvmBusy, double appWant,
            double jvmWant) {
        return new IntervalMetrics(List.of(), mainShare, workers, 0, 1000, busy, jvmBusy, appWant, jvmWant, Double.NaN);
    }

    /**
     * Do no harm on a loaded machine: what the threads got depends on what else runs; what they wanted
     * (on a CPU or waiting for one) does not. Main and a worker both runnable want two CPUs, whatever share of the
     * machine they got: they are not confined to a node of one.
     */
    @Test
    void twoThreadsThatGotLittleCpuButWantTwoAreNotConfinedToAOneCpuNode() {
        Decision s = new Decider(DecisionThresholds.defaults(1)).next(wanted(45, 1, 0.40, 0.45, 1.90, 1.95));
        assertEquals(AppState.TLP_BOUND, s.state());
        assertEquals(Placement.ALL_NODES, s.placement());
        assertEquals("TLP_BOUND (main 45%, 1 workers, imbalance 0%) but application threads want 1.90 CPUs (0.40 "
                + "busy), one node has 1, margin 15%: all", s.reason());
        assertEquals(Placement.SINGLE_NODE, new Decider(DecisionThresholds.defaults(1)).next(new IntervalMetrics(
                List.of(), 45, 1, 0, 1000, 0.40, 0.45)).placement(), "what they got alone would confine them");
    }

    /**
     * A serial set-up phase (lusearch, H2, PMD, dining-philosophers at load 15-25: the application threads got
     * 0.1-0.35 CPUs) was confined at its first interval: on CPU time the JIT compiling beside it seemed to fit. It
     * wants more than the node: it waits.
     */
    @Test
    void aSerialSetUpWhoseJitWantsMoreThanTheNodeIsNotConfinedWhateverTheLoadLetItHave() {
        Decision waits = new Decider(DecisionThresholds.defaults(1)).next(wanted(100, 0, 0.10, 0.30, 1.0, 1.8));
        assertEquals(null, waits.placement(), "threads untouched");
        assertEquals("hold: SINGLE_THREADED (main 100%, 0 workers, imbalance 0%), application threads want 1.00 CPUs "
                + "(0.10 busy), one node has 1, but the JVM (JIT, GC) wants 1.80 CPUs over the last 200 ms, one node "
                + "has 1, margin 15%: threads untouched", waits.reason());
        assertEquals(Placement.SINGLE_NODE, new Decider(DecisionThresholds.defaults(1)).next(new IntervalMetrics(
                List.of(), 100, 0, 0, 1000, 0.10, 0.30)).placement(), "on CPU time alone it was confined");
    }

    /**
     * No churn: once confined, every thread that wakes waits behind the program on the node's CPU, so what the threads
     * want there is the node's crowding, not a demand. Judged on it, a single-threaded program in a guest was moved in
     * and out four times in one run; it stays, judged on the CPUs it got, and only a parallel interval releases it.
     */
    @Test
    void aConfinedProgramStaysConfinedWhenThreadsQueueBehindItOnTheNode() {
        Decider d = new Decider(DecisionThresholds.defaults(1));
        assertEquals(Placement.SINGLE_NODE, d.next(wanted(100, 0, 0.9, 0.95, 1.0, 1.05)).placement());
        IntervalMetrics queued = wanted(100, 0, 0.6, 1.0, 1.6, 2.4); // a helper thread and the GC wait behind main
        for (int i = 0; i < 3; i++) {
            Decision s = d.next(queued);
            assertEquals(AppState.SINGLE_THREADED, s.state());
            assertEquals(Placement.SINGLE_NODE, s.placement(), s.reason());
            assertEquals("SINGLE_THREADED (main 100%, 0 workers, imbalance 0%), application threads keep 0.60 CPUs "
                    + "busy on the node (want 1.60 there, queued behind one another), one node has 1: one node",
                    s.reason());
        }
        assertEquals(0, d.migrations());
        // the same intervals before confinement: the application wants more than the node, it is not confined
        Decision before = new Decider(DecisionThresholds.defaults(1)).next(queued);
        assertEquals(Placement.ALL_NODES, before.placement(), before.reason());
        assertEquals(Placement.ALL_NODES, d.next(parallel(1.0)).placement(), "parallel again: released at once");
    }

    /** A parallel interval (8 workers, a node of 4) whose JIT compiler threads wanted {@code jit} CPUs. */
    private static IntervalMetrics parallelWithJit(double allocation, double jit) {
        return new IntervalMetrics(List.of(new SignalCost(Signal.ALLOCATION, allocation)), 5, 8, 10, 1000, 6.0, 7.0,
                6.0, 7.0 + jit, jit);
    }

    /**
     * Do no harm: a probe confines the compiler threads with the program, and a warming program runs each
     * interval faster than the last whatever its placement (Xalan's compiler threads want a CPU for its first 6 s).
     * A probe waits while the JIT compiles, and goes ahead once it is quiet over the hold.
     */
    @Test
    void aProbeWaitsWhileTheJitCompilesAndGoesAheadOnceItIsQuiet() {
        Decider d = new Decider(T);
        Decision waits = d.next(parallelWithJit(2.0, 1.1));
        assertEquals(null, waits.placement(), "threads untouched");
        assertEquals(AppState.UNDECIDED, waits.state());
        assertEquals("hold: parallel (main 5%, 8 workers, imbalance 10%), probe waits while the JIT compiles "
                + "(compiler threads want 1.10 CPUs over the last 200 ms, above 0.250; waited 0 of 10000 ms), threads "
                + "untouched", waits.reason());
        assertEquals(200, waits.intervalMs(), "looked at again at the base interval");
        assertEquals(null, d.next(parallelWithJit(2.0, 0.6)).placement(), "still compiling: 200 ms waited");
        Decision probe = d.next(parallelWithJit(2.0, 0.1));
        assertEquals(AppState.PROBING_SINGLE_NODE, probe.state(), probe.reason());
        assertEquals(Placement.SINGLE_NODE, probe.placement());
        assertEquals("parallel (main 5%, 8 workers, imbalance 10%): probing one node (after 400 ms waiting for the "
                + "JIT)", probe.reason());
    }

    /** The wait is bounded: a program whose JIT never quiets (Jython compiles as it runs) is probed too, later. */
    @Test
    void aJitThatNeverQuietsDelaysTheProbeByTheMaximumIntervalAtMost() {
        Decider d = new Decider(new DecisionThresholds(4, 80, 90, 0.15, 4, 200, 200, 1000, true, JIT_WAIT));
        List<Decision> waits = new ArrayList<>();
        Decision s;
        while ((s = d.next(parallelWithJit(2.0, 1.5))).state() != AppState.PROBING_SINGLE_NODE) {
            waits.add(s);
            assertTrue(waits.size() <= 5, waits.toString());
            assertTrue(s.reason().contains("probe waits while the JIT compiles"), s.reason());
        }
        assertEquals(5, waits.size(), "1000 ms of 200 ms intervals");
        assertEquals("parallel (main 5%, 8 workers, imbalance 10%): probing one node (the JIT still busy after 1000 "
                + "ms: probing anyway)", s.reason());
        d.next(parallelWithJit(2.0, 1.5));
        Decision verdict = d.next(parallelWithJit(1.0, 1.5));
        assertEquals(AppState.PARALLEL_ON_ALL_NODES, verdict.state(), verdict.reason());
        // the wait starts over for the next probe: the verdict's re-probe, once due, waits again from 0
        for (int i = 0; i < 30 && !(s = d.next(parallelWithJit(1.0, 1.5))).reason().contains("probe waits"); i++) {
            assertEquals(Placement.ALL_NODES, s.placement(), s.reason());
        }
        assertTrue(s.reason().contains("waited 0 of 1000 ms), ALL_NODES kept"), s.reason());
    }

    /** Where the JIT's demand is unknown (no schedstat) or the wait is off (0), the probe is not delayed. */
    @Test
    void withoutTheJitsDemandOrWithTheWaitOffTheProbeIsAtOnce() {
        assertEquals(AppState.PROBING_SINGLE_NODE, new Decider(T).next(parallelWithJit(2.0, Double.NaN)).state());
        Decider off = new Decider(new DecisionThresholds(4, 80, 90, 0.15, 4, 200, 200, 10_000, true, 0));
        assertEquals(AppState.PROBING_SINGLE_NODE, off.next(parallelWithJit(2.0, 3.0)).state());
        Decider quiet = new Decider(T);
        assertEquals(AppState.PROBING_SINGLE_NODE, quiet.next(parallelWithJit(2.0, 0.25)).state(),
                "at the threshold: quiet enough");
    }
}
