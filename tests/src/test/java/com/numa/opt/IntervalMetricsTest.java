package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.opt.OptFlags.Signal;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Process step: shares, workers, Eq. 1 imbalance, and the probe signals, from per-thread work. */
class IntervalMetricsTest {

    static ThreadWork w(int tid, ThreadRole role, double work) {
        return new ThreadWork(new ThreadIdentity(tid, "t" + tid, tid, false, role), work, Double.NaN, Double.NaN);
    }

    @Test
    void mainShareWorkersAndImbalance() {
        List<ThreadWork> d = List.of(w(1, ThreadRole.MAIN, 100), w(2, ThreadRole.APPLICATION, 300),
                w(3, ThreadRole.APPLICATION, 500), w(4, ThreadRole.APPLICATION, 30), // 3.2%: below 4%, not a worker
                w(5, ThreadRole.JVM_INTERNAL, 100_000)); // GC and compiler threads do not count
        IntervalMetrics m = IntervalMetrics.of(d, 4, 1.5, "cpi");
        assertEquals(930, m.appWork(), 1e-9);
        assertEquals(100.0 * 100 / 930, m.mainSharePct(), 1e-9);
        assertEquals(2, m.workers());
        // workers 300 and 500: mean 400, population stdev 100 -> 25%
        assertEquals(25.0, m.imbalancePct(), 1e-9);
        assertEquals(1.5, m.cost());
    }

    @Test
    void equalWorkersAreBalancedAndOneDominantWorkerIsEmbarrassinglyImbalanced() {
        List<ThreadWork> even = new ArrayList<>();
        List<ThreadWork> skewed = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            even.add(w(10 + i, ThreadRole.APPLICATION, 1000));
            skewed.add(w(10 + i, ThreadRole.APPLICATION, i == 0 ? 8000 : 500));
        }
        assertEquals(0.0, IntervalMetrics.of(even, 4, 1, "cpi").imbalancePct(), 1e-9);
        IntervalMetrics s = IntervalMetrics.of(skewed, 4, 1, "cpi");
        assertEquals(8, s.workers());
        assertTrue(s.imbalancePct() > 90, "imbalance " + s.imbalancePct());
        assertEquals(AppState.EMBARRASSINGLY_IMBALANCED, Decider.classify(s, DecisionThresholds.defaults(4)));
    }

    @Test
    void workerShareThresholdIsAFlag() {
        List<ThreadWork> d = List.of(w(1, ThreadRole.MAIN, 50), w(2, ThreadRole.APPLICATION, 900),
                w(3, ThreadRole.APPLICATION, 50));
        assertEquals(2, IntervalMetrics.of(d, 4, 1, "cpi").workers());
        assertEquals(1, IntervalMetrics.of(d, 10, 1, "cpi").workers());
        assertEquals(0, IntervalMetrics.of(d, 95, 1, "cpi").workers());
    }

    @Test
    void noApplicationWorkIsIdle() {
        assertTrue(IntervalMetrics.of(List.of(w(5, ThreadRole.JVM_INTERNAL, 10)), 4, 1, "cpi").idle());
        assertTrue(IntervalMetrics.of(List.of(), 4, 1, "cpi").idle());
    }

    @Test
    void collectorTurnsCumulativeReadingsIntoDeltas() {
        IntervalCollector c = new IntervalCollector();
        assertEquals(100, c.deltas(List.of(w(1, ThreadRole.MAIN, 100))).get(0).work());
        List<ThreadWork> d = c.deltas(List.of(w(1, ThreadRole.MAIN, 250), w(2, ThreadRole.APPLICATION, 40)));
        assertEquals(150, d.get(0).work());
        assertEquals(40, d.get(1).work(), "a new thread contributes its whole reading");
    }

    @Test
    void signals() {
        ThreadIdentity app = new ThreadIdentity(2, "w", 2, false, ThreadRole.APPLICATION);
        ThreadIdentity gc = new ThreadIdentity(3, "GC", -1, true, ThreadRole.JVM_INTERNAL);
        List<ThreadWork> d = List.of(new ThreadWork(app, 1000, 1500, 4096), new ThreadWork(gc, 1000, 9000, 0));
        assertEquals(1.5, CostSignal.cost(Signal.CPI, d, 1_000_000, 0), 1e-12, "JVM-internal cycles do not count");
        assertEquals(1_000_000.0 / 4096, CostSignal.cost(Signal.ALLOCATION, d, 1_000_000, 0), 1e-9);
        assertEquals(1000.0, CostSignal.cost(Signal.PROGRESS, d, 1_000_000, 1000), 1e-9);
        assertTrue(Double.isNaN(CostSignal.cost(Signal.PROGRESS, d, 1_000_000, 0)));
    }

    @Test
    void signalResolution() {
        assertEquals(Signal.CPI, CostSignal.resolve(Signal.AUTO, true, true, true));
        assertEquals(Signal.PROGRESS, CostSignal.resolve(Signal.AUTO, false, true, true));
        assertEquals(Signal.ALLOCATION, CostSignal.resolve(Signal.AUTO, false, false, true));
        assertEquals(Signal.ALLOCATION, CostSignal.resolve(Signal.CPI, false, false, true), "no PMU: CPI falls back");
        assertEquals(Signal.PROGRESS, CostSignal.resolve(Signal.PROGRESS, true, false, true));
        assertEquals(Signal.ALLOCATION, CostSignal.resolve(Signal.ALLOCATION, true, true, true));
    }
}
