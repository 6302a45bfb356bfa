package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunSummaryTest {
    @Test
    void sumsWaitsOutsideGcAndTheTimeFromEachExitToTheLast() {
        // worker a: 100..1100, waits 200..400 of which 300..350 is a GC pause; worker b: 150..900, waits 0..200
        // (clipped to its start: 50) ; the last exit is a's at 1100, so b's exit time is 200.
        WorkerTimes a = new WorkerTimes("a", 11, 100, 1100, List.of(new Interval(200, 400)), 700);
        WorkerTimes b = new WorkerTimes("b", 12, 150, 900, List.of(new Interval(0, 200)), WorkerTimes.UNKNOWN);
        RunSummary s = RunSummary.of(new RunTimeline(List.of(a, b), List.of(new Interval(300, 350))), 1500, 120);
        assertEquals(2, s.workerCount());
        assertEquals(1000, s.workerSpanNs());
        assertEquals(50, s.gcPauseNs());
        assertEquals(150 + 50, s.syncNs());
        assertEquals(200, s.exitNs());
        assertEquals(700, s.runningNs(), "only the workers the thread clock saw");
        // a: 1000 lifetime - 700 running - 150 waiting - 50 stopped by GC = 100 runnable but not running
        assertEquals(100, s.descheduledNs());
        assertEquals(1500, s.wallNs());
        assertEquals(120, s.mainRunningNs());
        assertEquals(List.of(new RunSummary.WorkerShare("a", 1000, 150, 0, 700, 100),
                new RunSummary.WorkerShare("b", 750, 50, 200, -1, -1)), s.workers());
    }

    @Test
    void aRunWithoutWorkersHasNoSpan() {
        RunSummary s = RunSummary.of(new RunTimeline(List.of(), List.of(new Interval(0, 10))), 100, -1);
        assertEquals(0, s.workerCount());
        assertEquals(10, s.gcPauseNs());
    }

    @Test
    void medianIsTakenFieldByField() {
        RunSummary a = new RunSummary(100, 5, 2, 80, 5, 1, 9, 50, 3, List.of());
        RunSummary b = new RunSummary(300, 4, 2, 60, 7, 3, 7, 70, 1, List.of());
        RunSummary c = new RunSummary(200, 6, 2, 70, 6, 2, 8, 60, 2, List.of());
        RunSummary m = RunSummary.median(List.of(a, b, c));
        assertEquals(new RunSummary(200, 5, 2, 70, 6, 2, 8, 60, 2, List.of()), m);
    }
}
