package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Drives the pure Decide step with scripted interval metrics. Node of 4 cores, paper thresholds unless stated. */
class DeciderTest {
    private static final DecisionThresholds T = DecisionThresholds.defaults(4);

    static IntervalMetrics m(double cost, double mainShare, int workers, double imbalance) {
        return new IntervalMetrics(cost, "cpi", mainShare, workers, imbalance, 1000);
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
        Decision ei = d.next(m(1.0, 10, 8, 150));
        assertEquals(AppState.EMBARRASSINGLY_IMBALANCED, ei.state());
        assertEquals(Placement.SINGLE_NODE, ei.placement());
        assertEquals(2, ei.migrations(), "two flips after the first decision");
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
    void parallelApplicationSettlesOnSingleNodeWhenAllNodesCostMoreThanTheMargin() {
        Decider d = new Decider(T);
        d.next(parallel(1));
        d.next(parallel(1.00));
        assertEquals(AppState.PARALLEL_ON_SINGLE_NODE, d.next(parallel(1.20)).state());
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
        "NaN, 1.0,   0.15, PARALLEL_ON_SINGLE_NODE",
        "1.0, NaN,   0.15, PARALLEL_ON_SINGLE_NODE",
    })
    void marginDecidesTheProbe(double single, double all, double margin, AppState expected) {
        DecisionThresholds t = new DecisionThresholds(4, 80, 90, margin, 4, 200, 200, 10_000, true);
        Decider d = new Decider(t);
        d.next(parallel(1));
        d.next(parallel(single));
        assertEquals(expected, d.next(parallel(all)).state());
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
        "10,   0, 0,  TLP_BOUND",
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
        DecisionThresholds t = new DecisionThresholds(4, mainT, imbT, 0.15, cores, 200, 200, 10_000, true);
        assertEquals(expected, Decider.classify(m(1, main, workers, imb), t));
    }

    @Test
    void stabilizationLengthensRepeatedParallelDecisionsAndResetsOnChange() {
        Decider d = new Decider(T);
        List<Long> settledIntervals = new ArrayList<>();
        List<Long> probeIntervals = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            probeIntervals.add(d.next(parallel(1)).intervalMs());
            probeIntervals.add(d.next(parallel(1.0)).intervalMs());
            Decision s = d.next(parallel(1.0));
            assertEquals(AppState.PARALLEL_ON_ALL_NODES, s.state());
            settledIntervals.add(s.intervalMs());
        }
        assertEquals(List.of(200L, 400L, 600L, 800L), settledIntervals);
        assertTrue(probeIntervals.stream().allMatch(i -> i == 200L), "probes last the base interval: " + probeIntervals);
        // the decision changes: back to the base interval, one migration
        d.next(parallel(1));
        d.next(parallel(1.0));
        Decision flipped = d.next(parallel(2.0));
        assertEquals(AppState.PARALLEL_ON_SINGLE_NODE, flipped.state());
        assertEquals(200L, flipped.intervalMs());
        assertEquals(1, flipped.migrations());
        // and it grows again from there
        d.next(parallel(1));
        d.next(parallel(1.0));
        assertEquals(400L, d.next(parallel(2.0)).intervalMs());
    }

    @Test
    void stabilizationIsCappedAndOnlyForParallelDecisions() {
        Decider d = new Decider(new DecisionThresholds(4, 80, 90, 0.15, 4, 200, 500, 1000, true));
        long last = 0;
        for (int i = 0; i < 5; i++) {
            d.next(parallel(1));
            d.next(parallel(1));
            last = d.next(parallel(1)).intervalMs();
        }
        assertEquals(1000, last);
        Decider single = new Decider(T);
        for (int i = 0; i < 5; i++) {
            assertEquals(200, single.next(m(1, 95, 0, 0)).intervalMs(), "single-threaded is not stabilized");
        }
    }

    @Test
    void nonAdaptiveModeKeepsTheBaseInterval() {
        Decider d = new Decider(new DecisionThresholds(4, 80, 90, 0.15, 4, 200, 200, 10_000, false));
        for (int i = 0; i < 4; i++) {
            d.next(parallel(1));
            d.next(parallel(1));
            assertEquals(200, d.next(parallel(1)).intervalMs());
        }
    }

    @Test
    void migrationsCountDecisionFlipsOnly() {
        Decider d = new Decider(T);
        int[] expected = {0, 0, 1, 1, 2, 3};
        IntervalMetrics[] series = {m(1, 95, 0, 0), m(1, 95, 0, 0), m(1, 10, 2, 0), m(1, 10, 2, 0), m(1, 95, 0, 0),
            m(1, 10, 8, 200)};
        for (int i = 0; i < series.length; i++) {
            assertEquals(expected[i], d.next(series[i]).migrations(), "after interval " + i);
        }
        // probing is not a flip; settling differently from EMBARRASSINGLY_IMBALANCED is
        d.next(parallel(1));
        assertEquals(3, d.next(parallel(1)).migrations());
        assertEquals(4, d.next(parallel(1)).migrations());
        assertEquals(4, d.migrations());
    }

    @Test
    void aNonParallelIntervalDuringTheProbeAbandonsIt() {
        Decider d = new Decider(T);
        d.next(parallel(1));
        assertEquals(AppState.SINGLE_THREADED, d.next(m(1, 95, 0, 0)).state());
        // a new parallel phase starts a fresh probe, not the second half of the old one
        assertEquals(AppState.PROBING_SINGLE_NODE, d.next(parallel(1)).state());
    }

    @Test
    void idleIntervalChangesNothing() {
        Decider d = new Decider(T);
        Decision first = d.next(new IntervalMetrics(Double.NaN, "cpi", 0, 0, 0, 0));
        assertEquals(AppState.UNDECIDED, first.state());
        assertEquals(null, first.placement());
        d.next(parallel(1));
        Decision idle = d.next(new IntervalMetrics(Double.NaN, "cpi", 0, 0, 0, 0));
        assertEquals(AppState.PROBING_SINGLE_NODE, idle.state(), "still waiting for a measurable single-node interval");
        assertEquals(AppState.PROBING_ALL_NODES, d.next(parallel(1)).state());
    }
}
