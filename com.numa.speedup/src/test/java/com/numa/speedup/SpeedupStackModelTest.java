package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The equations on scripted numbers (ms written as ns x 1e6 for readability). */
class SpeedupStackModelTest {
    private static final long MS = 1_000_000;
    private static final double EPS = 1e-9;

    private static MeasurementStartup wall(long ns) {
        return new MeasurementStartup(ns, 0);
    }

    private static RunSummary run(long wallMs, int workers, long spanMs, long gcMs, long syncMs, long exitMs) {
        return new RunSummary(wallMs * MS, -1, workers, spanMs * MS, gcMs * MS, syncMs * MS, exitMs * MS, -1, -1, List.of());
    }

    @Test
    void componentsFollowTheEquationsAndAddUpToN() {
        // T_s = 1200 ms, T_p = 600 ms at N = 4. Baseline: GC 100, main alone 1300-300(start-up)-900 = 100.
        // Parallel: GC 60, main alone 800-300-450 = 50, waits 120 summed, exits 60 summed.
        RunSummary baseline = run(1300, 1, 900, 100, 0, 0);
        RunSummary parallel = run(800, 4, 450, 60, 120, 60);
        SpeedupStack s = SpeedupStackModel.stack(4, 1200 * MS, baseline, 600 * MS, parallel, wall(300 * MS));
        assertEquals(2.0, s.speedup(Component.MEASURED), EPS); // eq. (1)
        assertEquals((4 * 60 - 100) / 600.0, s.speedup(Component.GC), EPS); // eq. (4)
        assertEquals((4 * 50 - 100) / 600.0, s.speedup(Component.INITIALIZATION), EPS); // eq. (5)
        assertEquals(120 / 600.0, s.speedup(Component.SYNCHRONIZATION), EPS); // eq. (6)
        assertEquals(60 / 600.0, s.speedup(Component.IMBALANCE), EPS); // eq. (7)
        double sum = 0;
        for (Component c : Component.values()) {
            sum += s.speedup(c);
        }
        assertEquals(4.0, sum, EPS);
        assertEquals(2.0 - (140 + 100 + 120 + 60) / 600.0, s.speedup(Component.OTHER), EPS);
        assertEquals(4 * 600 * MS - 1200 * MS - (140 + 100 + 120 + 60) * MS,
                s.parts().get(Component.OTHER).weightedNs());
        assertEquals(Component.OTHER, s.dominantDelimiter());
    }

    @Test
    void perfectlyScalingGcAndSerialPartsCostNothing() {
        // T_GC,MT = T_GC,ST / N and T_seq,MT = T_seq,ST / N: eqs. (4) and (5) vanish.
        RunSummary baseline = run(1000, 1, 800, 200, 0, 0);
        RunSummary parallel = run(500, 2, 400, 100, 0, 0);
        SpeedupStack s = SpeedupStackModel.stack(2, 1000 * MS, baseline, 500 * MS, parallel, MeasurementStartup.NONE);
        assertEquals(0, s.speedup(Component.GC), EPS);
        assertEquals(0, s.speedup(Component.INITIALIZATION), EPS);
        assertEquals(0, s.speedup(Component.OTHER), EPS);
    }

    @Test
    void serialTimeNeverGoesNegativeAndIsZeroWithoutWorkers() {
        assertEquals(0, SpeedupStackModel.serialTime(run(100, 1, 90, 0, 0, 0), wall(50 * MS)));
        assertEquals(0, SpeedupStackModel.serialTime(run(100, 0, 0, 0, 0, 0), MeasurementStartup.NONE));
        assertEquals(30 * MS, SpeedupStackModel.serialTime(run(100, 1, 50, 0, 0, 0), wall(20 * MS)));
    }

    @Test
    void theMainThreadsCpuTimeIsTheSerialTimeWhenKnown() {
        RunSummary withClock = new RunSummary(900 * MS, 200 * MS, 2, 300 * MS, 0, 0, 0, -1, -1, List.of());
        assertEquals(200 * MS, SpeedupStackModel.serialTime(withClock, wall(300 * MS)));
    }

    @Test
    void theMeasurementsMainThreadStartUpIsTakenOutOfTheMainThreadsCpuTime() {
        // JFR starts on the main thread after the clock's premain: 170 ms of the 200 ms are the measurement's.
        RunSummary withClock = new RunSummary(900 * MS, 200 * MS, 2, 300 * MS, 0, 0, 0, -1, -1, List.of());
        assertEquals(30 * MS, SpeedupStackModel.serialTime(withClock, new MeasurementStartup(300 * MS, 170 * MS)));
        assertEquals(0, SpeedupStackModel.serialTime(withClock, new MeasurementStartup(300 * MS, 250 * MS)));
    }

    @Test
    void timeSharingIsTheWorkersDescheduledTimePlusTheMainThreadsScaledAsTSeq() {
        // measured runs, start-up 300 ms wall / 100 ms main CPU. Baseline: wall 2300, span 1000, main CPU 1100 (so
        // T_seq 1000, alone 2300-300-1000 = 1000: no descheduling). Parallel: wall 2000, span 600, main CPU 1100
        // (T_seq 1000, alone 2000-300-600 = 1100: 100 descheduled), workers descheduled 250 in all.
        RunSummary baseline = new RunSummary(2300 * MS, 1100 * MS, 1, 1000 * MS, 0, 0, 0, 1000 * MS, 0, List.of());
        RunSummary parallel = new RunSummary(2000 * MS, 1100 * MS, 2, 600 * MS, 0, 0, 0, 900 * MS, 250 * MS,
                List.of());
        MeasurementStartup startup = new MeasurementStartup(300 * MS, 100 * MS);
        assertEquals(0, SpeedupStackModel.serialDescheduled(baseline, startup));
        assertEquals(100 * MS, SpeedupStackModel.serialDescheduled(parallel, startup));
        SpeedupStack s = SpeedupStackModel.stack(2, 2000 * MS, baseline, 1600 * MS, parallel, startup);
        assertEquals((250 + 2 * 100) * MS, s.timeSharingNs());
        assertEquals(450 / 1600.0, s.timeSharing(), EPS);
        // without the clock nothing is known about the main thread
        RunSummary noClock = new RunSummary(2000 * MS, -1, 2, 600 * MS, 0, 0, 0, -1, -1, List.of());
        assertEquals(0, SpeedupStackModel.serialDescheduled(noClock, startup));
    }

    @Test
    void rejectsNonsense() {
        RunSummary r = run(1, 1, 1, 0, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> SpeedupStackModel.stack(0, 1, r, 1, r, MeasurementStartup.NONE));
        assertThrows(IllegalArgumentException.class, () -> SpeedupStackModel.stack(2, 0, r, 1, r, MeasurementStartup.NONE));
    }
}
