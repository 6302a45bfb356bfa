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

    /** A thread of its own name ("thread c"): no two of them are one pool's (see WorkShares' sibling rule). */
    static ThreadWork w(int tid, ThreadRole role, double work) {
        return named(tid, "thread " + (char) ('a' + tid % 26), role, work);
    }

    static ThreadWork named(int tid, String name, ThreadRole role, double work) {
        return new ThreadWork(new ThreadIdentity(tid, name, tid, false, role), work, Double.NaN, Double.NaN);
    }

    @Test
    void mainShareWorkersAndImbalance() {
        List<ThreadWork> d = List.of(w(1, ThreadRole.MAIN, 100), w(2, ThreadRole.APPLICATION, 300),
                w(3, ThreadRole.APPLICATION, 500), w(4, ThreadRole.APPLICATION, 30), // 3.2%: below 4%, not a worker
                w(5, ThreadRole.JVM_INTERNAL, 100_000)); // GC and compiler threads do not count
        IntervalMetrics m = IntervalMetrics.of(d, 4, List.of(new SignalCost(Signal.CPI, 1.5)), Double.NaN);
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
        assertEquals(0.0, IntervalMetrics.of(even, 4, List.of(), Double.NaN).imbalancePct(), 1e-9);
        IntervalMetrics s = IntervalMetrics.of(skewed, 4, List.of(), Double.NaN);
        assertEquals(8, s.workers());
        assertTrue(s.imbalancePct() > 90, "imbalance " + s.imbalancePct());
        assertEquals(AppState.EMBARRASSINGLY_IMBALANCED, Decider.classify(s, DecisionThresholds.defaults(4)));
    }

    @Test
    void aCrewAliveTogetherIsAsManyWorkersAsItHas() {
        // an interval lists the threads alive at its reading: one pool's eight threads, one doing 90% of the work, are
        // eight workers (the seven light ones are its siblings), never one pool that turned over
        List<ThreadWork> crew = new ArrayList<>(List.of(named(1, "main", ThreadRole.MAIN, 2)));
        for (int i = 0; i < 8; i++) {
            crew.add(named(10 + i, "heavy-pool-" + i, ThreadRole.APPLICATION, i == 0 ? 900 : 100.0 / 7));
        }
        IntervalMetrics m = IntervalMetrics.of(crew, 4, List.of(), Double.NaN);
        assertEquals(8, m.workers());
        assertTrue(m.imbalancePct() > 200, "imbalance " + m.imbalancePct());
        assertEquals(AppState.EMBARRASSINGLY_IMBALANCED, Decider.classify(m, DecisionThresholds.defaults(4)));
    }

    @Test
    void workerShareThresholdIsAFlag() {
        List<ThreadWork> d = List.of(w(1, ThreadRole.MAIN, 50), w(2, ThreadRole.APPLICATION, 900),
                w(3, ThreadRole.APPLICATION, 50));
        assertEquals(2, IntervalMetrics.of(d, 4, List.of(), Double.NaN).workers());
        assertEquals(1, IntervalMetrics.of(d, 10, List.of(), Double.NaN).workers());
        assertEquals(0, IntervalMetrics.of(d, 95, List.of(), Double.NaN).workers());
    }

    @Test
    void noApplicationWorkIsIdle() {
        assertTrue(IntervalMetrics.of(List.of(w(5, ThreadRole.JVM_INTERNAL, 10)), 4, List.of(), Double.NaN).idle());
        assertTrue(IntervalMetrics.of(List.of(), 4, List.of(), Double.NaN).idle());
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
    void signalCandidates() {
        assertEquals(List.of(Signal.CPI, Signal.PROGRESS, Signal.ALLOCATION, Signal.CPU_SHARE),
                CostSignal.candidates(Signal.AUTO, true, true, true, true));
        assertEquals(List.of(Signal.ALLOCATION, Signal.CPU_SHARE), CostSignal.candidates(Signal.AUTO, false, false, true,
                true), "no PMU, no progress: allocation, then CPU share");
        assertEquals(List.of(Signal.ALLOCATION, Signal.CPU_SHARE), CostSignal.candidates(Signal.CPI, false, false, true,
                true), "no PMU: CPI falls back to auto's order");
        assertEquals(List.of(Signal.PROGRESS), CostSignal.candidates(Signal.PROGRESS, true, false, true, true));
        assertEquals(List.of(Signal.CPU_SHARE), CostSignal.candidates(Signal.CPU_SHARE, false, false, true, true));
        assertEquals(List.of(), CostSignal.candidates(Signal.AUTO, false, false, false, false));
    }

    @Test
    void cpuShareIsTheInverseOfTheCpusTheApplicationKeepsBusy() {
        ThreadIdentity main = new ThreadIdentity(1, "main", 1, false, ThreadRole.MAIN);
        ThreadIdentity app = new ThreadIdentity(2, "w", 2, false, ThreadRole.APPLICATION);
        ThreadIdentity gc = new ThreadIdentity(3, "GC", -1, true, ThreadRole.JVM_INTERNAL);
        // 200 ms of wall time: two CPU-bound threads on two CPUs, a JVM thread that does not count
        List<ThreadWork> d = List.of(new ThreadWork(main, 200e6, Double.NaN, Double.NaN),
                new ThreadWork(app, 200e6, Double.NaN, Double.NaN), new ThreadWork(gc, 100e6, Double.NaN, Double.NaN));
        assertEquals(2.0, CostSignal.busyCpus(d, 200_000_000), 1e-12);
        assertEquals(0.5, CostSignal.cost(Signal.CPU_SHARE, d, 200_000_000, 0), 1e-12);
        assertTrue(Double.isNaN(CostSignal.cost(Signal.CPU_SHARE, List.of(), 200_000_000, 0)));
    }

    @Test
    void aThreadKeepsAtMostOneCpuBusy() {
        ThreadIdentity main = new ThreadIdentity(1, "main", 1, false, ThreadRole.MAIN);
        ThreadIdentity app = new ThreadIdentity(2, "w", 2, false, ThreadRole.APPLICATION);
        // the readings of an interval are taken a little after its clock: 230 ms of CPU time in 200 ms of wall time
        List<ThreadWork> d = List.of(new ThreadWork(main, 230e6, Double.NaN, Double.NaN),
                new ThreadWork(app, 50e6, Double.NaN, Double.NaN));
        assertEquals(1.25, CostSignal.busyCpus(d, 200_000_000), 1e-12);
        assertTrue(Double.isNaN(CostSignal.busyCpus(d, 0)));
    }

    @Test
    void aTrickleOfAllocationIsNoSignal() {
        ThreadIdentity app = new ThreadIdentity(2, "w", 2, false, ThreadRole.APPLICATION);
        // 4 KiB in 200 ms (a thread start, a lambda) is not throughput
        List<ThreadWork> d = List.of(new ThreadWork(app, 1000, Double.NaN, 4096));
        assertTrue(Double.isNaN(CostSignal.cost(Signal.ALLOCATION, d, 200_000_000, 0)));
    }
}
