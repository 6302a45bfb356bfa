package com.numa.opt.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.opt.memory.CarrefourPlacement.Line;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A Carrefour step on scripted samples and a scripted move_pages: what moves, what the log says, what a failure does. */
class CarrefourStepTest {
    private static final int[] NODES = {0, 1};
    private static final long SECOND = 1_000_000_000L;

    /** Pages on node 0 until moved; pages in {@code busy} answer EBUSY; {@code broken} fails every call. */
    private static final class ScriptedMover implements PageMover {
        final Map<Long, Integer> nodes = new HashMap<>();
        final List<Long> busy = new ArrayList<>();
        boolean broken;
        int moveCalls;

        @Override
        public int[] nodesOf(long[] pages) {
            int[] out = new int[pages.length];
            for (int i = 0; i < pages.length; i++) {
                out[i] = nodes.getOrDefault(pages[i], 0);
            }
            return out;
        }

        @Override
        public int[] move(long[] pages, int node) {
            moveCalls++;
            if (broken) {
                throw new IllegalStateException("move_pages failed: EPERM (not permitted)");
            }
            int[] out = new int[pages.length];
            for (int i = 0; i < pages.length; i++) {
                if (busy.contains(pages[i])) {
                    out[i] = -16; // EBUSY
                } else {
                    nodes.put(pages[i], node);
                    out[i] = node;
                }
            }
            return out;
        }
    }

    /** 200 pages on node 0, each touched twice from node 1 (all remote). */
    private static void remoteReads(HeapTouches t) {
        for (int i = 0; i < 200; i++) {
            t.sample(0x1000_0000L + 4096L * i, "heap", 1, 0);
            t.sample(0x1000_0000L + 4096L * i, "heap", 1, 0);
        }
    }

    @Test
    void movesRemotePagesToTheirReaderAndLogsRuleFiguresPagesAndBytes() {
        HeapTouches touches = new HeapTouches(NODES);
        ScriptedMover mover = new ScriptedMover();
        mover.busy.add(0x1000_0000L);
        CarrefourStep step = new CarrefourStep(touches, mover, new CarrefourRules(CarrefourRules.Settings.DEFAULTS, 7),
                NODES, 4096, false);
        remoteReads(touches);
        List<Line> lines = step.step(SECOND);
        Line moved = lines.stream().filter(l -> l.action().equals("memory-collocate") && l.reason().startsWith("collocate"))
                .findFirst().orElseThrow(() -> new AssertionError(lines.toString()));
        assertTrue(moved.reason().startsWith("collocate: local 0.0% < 80%; 199 pages (815104 bytes) moved (to node 1: 200)"
                + ", 1 not moved {EBUSY=1}"), moved.reason());
        assertTrue(moved.reason().endsWith("(samples 400, 400/s, local 0.0%, imbalance 100.0%, reads unknown)"),
                moved.reason());
        assertTrue(lines.stream().anyMatch(l -> l.action().equals("memory-replicate")
                && l.reason().startsWith("off: reads unknown")), lines.toString());
        assertEquals(199, mover.nodes.values().stream().filter(n -> n == 1).count());
        assertTrue(step.summary().startsWith("memory_steps=1 pages_collocated=199 pages_interleaved=0 bytes_moved=815104"
                + " move_failures=1 "), step.summary());

        // the moved pages are local now: 99.5% local, collocation turns off and says so once; nothing more moves
        int calls = mover.moveCalls;
        remoteReads(touches);
        List<Line> again = step.step(SECOND);
        assertEquals(List.of(new Line("memory-collocate", "off: local 99.5% >= 80% (samples 400, 400/s, local 99.5%,"
                + " imbalance 99.0%, reads unknown)")), again);
        assertEquals(calls, mover.moveCalls);
    }

    @Test
    void aFailedMovePagesIsLoggedAndTheStepGoesOn() {
        HeapTouches touches = new HeapTouches(NODES);
        ScriptedMover mover = new ScriptedMover();
        mover.broken = true;
        CarrefourStep step = new CarrefourStep(touches, mover, new CarrefourRules(CarrefourRules.Settings.DEFAULTS, 7),
                NODES, 4096, false);
        remoteReads(touches);
        List<Line> lines = step.step(SECOND);
        assertTrue(lines.stream().anyMatch(l -> l.reason().contains(
                "0 pages (0 bytes) moved (to node 1: 200), 200 not moved {move_pages failed: EPERM (not permitted)=200}")),
                lines.toString());
        mover.broken = false;
        remoteReads(touches);
        step.step(SECOND);
        assertEquals(200, mover.nodes.values().stream().filter(n -> n == 1).count(),
                "the pages not moved are not held by the bounce guard");
    }

    @Test
    void logOnlyMovesNothingAndSaysWhatItWouldMove() {
        HeapTouches touches = new HeapTouches(NODES);
        ScriptedMover mover = new ScriptedMover();
        CarrefourStep step = new CarrefourStep(touches, mover, new CarrefourRules(CarrefourRules.Settings.DEFAULTS, 7),
                NODES, 4096, true);
        remoteReads(touches);
        List<Line> lines = step.step(SECOND);
        assertEquals(0, mover.moveCalls);
        assertTrue(lines.stream().anyMatch(l -> l.action().equals("log-only:memory-collocate")
                && l.reason().contains("would move 200 pages (819200 bytes) (to node 1: 200)")), lines.toString());
    }

    @Test
    void aQuietIntervalSaysOnceThatTheApplicationIsNotMemoryIntensive() {
        HeapTouches touches = new HeapTouches(NODES);
        ScriptedMover mover = new ScriptedMover();
        CarrefourStep step = new CarrefourStep(touches, mover, new CarrefourRules(CarrefourRules.Settings.DEFAULTS, 7),
                NODES, 4096, false);
        touches.sample(0x1000_0000L, "heap", 1, 0);
        List<Line> lines = step.step(SECOND);
        assertEquals(List.of(new Line("memory-carrefour", "off: 1 heap samples/s below 100: not memory-intensive "
                + "(samples 1, 1/s, local 0.0%, imbalance 100.0%, reads unknown)")), lines);
        assertEquals(List.of(), step.step(SECOND), "the same verdict is not logged again");
        assertEquals(0, mover.moveCalls);
    }
}
