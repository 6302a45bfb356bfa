package com.numa.opt.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Carrefour's rules on synthetic samples: two nodes (0 and 1), one-second intervals, 4 KiB pages. */
class CarrefourRulesTest {
    private static final int[] NODES = {0, 1};
    private static final long SECOND = 1_000_000_000L;
    private static final long BASE = 0x7f00_0000_0000L;

    private static long page(int i) {
        return BASE + 4096L * i;
    }

    private static PageTouches touched(int i, int node, long fromNode0, long fromNode1) {
        return new PageTouches(page(i), "heap", node, new long[] {fromNode0, fromNode1}, null);
    }

    private static PageTouches rw(int i, int node, long fromNode0, long fromNode1, long writes0, long writes1) {
        return new PageTouches(page(i), "heap", node, new long[] {fromNode0, fromNode1}, new long[] {writes0, writes1});
    }

    private static Interval interval(List<PageTouches> pages) {
        return new Interval(NODES, SECOND, 4096, pages, false);
    }

    private static CarrefourRules rules() {
        return new CarrefourRules(CarrefourRules.Settings.DEFAULTS, 42);
    }

    @Test
    void collocatesPagesTouchedFromOneRemoteNodeWhenLocalityIsBelow80Percent() {
        // 100 pages on node 0 read only from node 1 (remote), 300 pages local to node 0: local 75%
        List<PageTouches> pages = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pages.add(touched(i, 0, 0, 1));
        }
        for (int i = 100; i < 400; i++) {
            pages.add(touched(i, 0, 1, 0));
        }
        Plan p = rules().decide(interval(pages));
        assertEquals(75.0, p.localPct(), 1e-9);
        assertTrue(p.collocation().on(), p.collocation().why());
        List<Plan.Move> moves = p.moves(Plan.Rule.COLLOCATE);
        assertEquals(100, moves.size());
        assertTrue(moves.stream().allMatch(m -> m.from() == 0 && m.to() == 1 && m.page() < page(100)), moves.toString());
    }

    @Test
    void noCollocationAt80PercentLocal() {
        List<PageTouches> pages = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pages.add(touched(i, 0, 0, 1)); // remote
        }
        for (int i = 100; i < 500; i++) {
            pages.add(touched(i, i % 2, i % 2 == 0 ? 1 : 0, i % 2)); // local, spread evenly over both nodes
        }
        Plan p = rules().decide(interval(pages));
        assertEquals(80.0, p.localPct(), 1e-9);
        assertFalse(p.collocation().on(), p.collocation().why());
        assertEquals("local 80.0% >= 80%", p.collocation().why());
        assertEquals(List.of(), p.moves(Plan.Rule.COLLOCATE));
    }

    @Test
    void interleavesSharedPagesOnlyAbove35PercentImbalance() {
        // shared pages all on node 0, touched from both nodes: node 0 serves everything (imbalance 100%)
        List<PageTouches> piled = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            piled.add(touched(i, 0, 1, 1));
        }
        Plan p = rules().decide(interval(piled));
        assertEquals(100.0, p.imbalancePct(), 1e-9);
        assertTrue(p.interleaving().on(), p.interleaving().why());
        List<Plan.Move> moves = p.moves(Plan.Rule.INTERLEAVE);
        // moved to node 1 in inverse proportion to the load: the pages end about half on each node
        assertTrue(moves.size() > 60 && moves.size() < 140, "moved " + moves.size() + " of 200");
        assertTrue(moves.stream().allMatch(m -> m.from() == 0 && m.to() == 1));

        // 120 samples served by node 0, 80 by node 1: imbalance 20%, below 35%
        List<PageTouches> balanced = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            balanced.add(touched(i, i < 60 ? 0 : 1, 1, 1));
        }
        Plan q = rules().decide(interval(balanced));
        assertEquals(20.0, q.imbalancePct(), 1e-9);
        assertFalse(q.interleaving().on(), q.interleaving().why());
        assertEquals(List.of(), q.moves());
    }

    @Test
    void readOnlySharedPagesBecomeReplicationAdviceAt95PercentReads() {
        List<PageTouches> pages = new ArrayList<>();
        for (int i = 0; i < 95; i++) {
            pages.add(rw(i, 0, 1, 1, 0, 0)); // read from both nodes, never written: 190 reads
        }
        for (int i = 95; i < 100; i++) {
            pages.add(rw(i + 10, 0, 2, 0, 2, 0)); // 10 writes from node 0, local
        }
        Plan p = rules().decide(new Interval(NODES, SECOND, 4096, pages, true));
        assertEquals(95.0, p.readPct(), 1e-9);
        assertTrue(p.replication().on(), p.replication().why());
        assertEquals(1, p.advice().size(), p.advice().toString());
        Plan.Advice a = p.advice().get(0);
        assertEquals(page(0), a.start());
        assertEquals(page(95), a.end());
        assertEquals(95, a.pages());
        assertEquals(2, a.nodes());
        // replicable pages are advice, not interleaved, although node 0 serves everything
        assertEquals(List.of(), p.moves(Plan.Rule.INTERLEAVE));

        List<PageTouches> writes = new ArrayList<>(pages);
        writes.add(rw(200, 0, 1, 0, 1, 0)); // one more write: 190 of 201 reads, 94.5%
        Plan q = rules().decide(new Interval(NODES, SECOND, 4096, writes, true));
        assertFalse(q.replication().on(), q.replication().why());
        assertEquals(List.of(), q.advice());
    }

    @Test
    void replicationIsOffAndSaysWhyWhenReadsAreUnknown() {
        List<PageTouches> pages = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            pages.add(touched(i, 0, 1, 1));
        }
        Plan p = rules().decide(interval(pages));
        assertTrue(Double.isNaN(p.readPct()));
        assertFalse(p.replication().on());
        assertEquals("reads unknown: the source cannot tell reads from writes", p.replication().why());
        assertEquals(List.of(), p.advice());
    }

    @Test
    void rateLimitMovesOldGenerationPagesFirstAndDefersTheRest() {
        CarrefourRules r = new CarrefourRules(CarrefourRules.Settings.DEFAULTS.withLimits(100, 10), 1);
        List<PageTouches> pages = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            pages.add(new PageTouches(page(i), "heap: PSYoungGen", 0, new long[] {0, 9}, null));
        }
        for (int i = 20; i < 40; i++) {
            pages.add(new PageTouches(page(i), "heap: ParOldGen", 0, new long[] {0, 1}, null));
        }
        Plan p = r.decide(interval(pages));
        assertEquals(10, p.moves().size());
        assertEquals(30, p.deferred());
        assertTrue(p.moves().stream().allMatch(m -> m.page() >= page(20)), "old generation first: " + p.moves());
    }

    @Test
    void aMovedPageNeedsTwoMoreRemoteSamplesBeforeItMovesAgain() {
        CarrefourRules r = rules();
        Plan first = r.decide(interval(List.of(touched(0, 0, 0, 200))));
        assertEquals(List.of(new Plan.Move(page(0), 0, 1, Plan.Rule.COLLOCATE)), first.moves());
        // now on node 1, touched once from node 0: one remote sample since the move, held
        Plan second = r.decide(interval(List.of(touched(0, 1, 200, 0))));
        // 200 samples: that interval alone has 200 remote samples, so it moves back (the guard counts samples)
        assertEquals(1, second.moves().size());
        Plan third = r.decide(interval(List.of(touched(0, 0, 0, 100), touched(1, 0, 0, 100))));
        assertEquals(2, third.moves().size(), "page 0: 100 remote since the last move; page 1 never moved");

        CarrefourRules guarded = new CarrefourRules(CarrefourRules.Settings.DEFAULTS.withLimits(0, 4096), 1);
        assertEquals(1, guarded.decide(interval(List.of(touched(0, 0, 0, 1)))).moves().size());
        Plan once = guarded.decide(interval(List.of(touched(0, 1, 1, 0))));
        assertEquals(List.of(), once.moves());
        assertEquals(1, once.bounceHeld());
        Plan twice = guarded.decide(interval(List.of(touched(0, 1, 1, 0))));
        assertEquals(List.of(new Plan.Move(page(0), 1, 0, Plan.Rule.COLLOCATE)), twice.moves());
    }

    @Test
    void nothingIsDecidedWhenTheApplicationIsNotMemoryIntensive() {
        List<PageTouches> pages = new ArrayList<>();
        for (int i = 0; i < 99; i++) {
            pages.add(touched(i, 0, 0, 1)); // all remote, all on node 0: every rule would act
        }
        Plan p = rules().decide(interval(pages));
        assertEquals(99.0, p.samplesPerSec(), 1e-9);
        assertFalse(p.intensity().on());
        assertEquals("99 heap samples/s below 100: not memory-intensive", p.intensity().why());
        assertFalse(p.collocation().on() || p.interleaving().on() || p.replication().on());
        assertEquals(List.of(), p.moves());
        assertEquals(List.of(), p.advice());
    }

    @Test
    void pagesOfUnknownNodeAreLeftAlone() {
        List<PageTouches> pages = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            pages.add(touched(i, -1, 0, 1));
        }
        Plan p = rules().decide(interval(pages));
        assertEquals(List.of(), p.moves());
    }
}
