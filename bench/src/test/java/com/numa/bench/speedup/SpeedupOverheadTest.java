package com.numa.bench.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The driver's arithmetic on scripted samples, and the /proc parsing it relies on. */
class SpeedupOverheadTest {
    private static final long MS = 1_000_000;

    private static SpeedupOverhead.Sample s(long cpuMs, long wallMs, long windowCpuMs, long windowWallMs) {
        return new SpeedupOverhead.Sample(cpuMs * MS, wallMs * MS, windowCpuMs * MS, windowWallMs * MS);
    }

    @Test
    void costsAreMediansOfPerGroupRatios() {
        // three groups; the plain runs drift (a busy neighbour in group 2), each measured run follows its own group
        List<SpeedupOverhead.Sample> plain = List.of(s(2000, 3000, 1000, 1500), s(4000, 6000, 2000, 3000),
                s(2000, 3000, 1000, 1500));
        List<SpeedupOverhead.Sample> measured = List.of(s(2520, 3600, 1020, 1530), s(5040, 7200, 2060, 3030),
                s(2500, 3300, 1010, 1515));
        SpeedupOverhead.Row r = SpeedupOverhead.row("w", SpeedupOverhead.Variant.MEASURED, plain, measured);
        assertEquals(3, r.groups());
        assertEquals(26.0, r.cpuPct(), 1e-9); // ratios 1.26, 1.26, 1.25
        assertEquals(2.0, r.windowCpuPct(), 1e-9); // ratios 1.02, 1.03, 1.01
        assertEquals(20.0, r.wallPct(), 1e-9); // 1.2, 1.2, 1.1
        assertEquals(1.0, r.windowWallPct(), 1e-9); // 1.02, 1.01, 1.01
        // CPU added outside the window: (1500 - 1000), (2980 - 2000), (1490 - 1000) -> 500, 980, 490
        assertEquals(500, r.fixedCpuMs(), 1e-9);
        assertEquals(2000, r.plainCpuMs(), 1e-9);
        assertEquals(1020, r.windowCpuMs(), 1e-9);
    }

    @Test
    void anEmptyWindowHasNoWindowCost() {
        SpeedupOverhead.Row r = SpeedupOverhead.row("(empty main)", SpeedupOverhead.Variant.MEASURED,
                List.of(s(60, 80, 0, 0)), List.of(s(550, 900, 0, 0)));
        assertTrue(Double.isNaN(r.windowCpuPct()));
        assertEquals(490, r.fixedCpuMs(), 1e-9);
    }

    @Test
    void childrenCpuTimeIsCutimePlusCstimeInTicks() {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 200 0 0 7 3 250 12 20 0 30 0 99 0";
        assertEquals((250 + 12) * ChildrenCpuTime.NS_PER_TICK, ChildrenCpuTime.fromStat(stat));
        assertThrows(IllegalArgumentException.class, () -> ChildrenCpuTime.fromStat("4242 java S 1"));
        assertThrows(IllegalArgumentException.class, () -> ChildrenCpuTime.fromStat("4242 (java) S 1 2"));
    }
}
