package com.numa.characterize.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.classification.Thresholds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Table 2 from a PerfUtil CSV: window rows win over whole-run rows, roles decide who counts, workers by share. */
class ParallelismTest {
    private static final String HEADER = "scope,timestamp_ns,tid,thread,role,ended,cpu,node,event,raw,enabled_ns,running_ns,"
            + "scaled,coverage_pct\n";

    private static String row(String scope, int tid, String name, String role, String event, double value, double cov) {
        return String.format(java.util.Locale.ROOT, "%s,1,%d,%s,%s,false,,,%s,%d,100,100,%.1f,%.2f%n", scope, tid, name, role,
                event, (long) value, value, cov);
    }

    @Test
    void sharesWorkersAndImbalanceFromTheWindow(@TempDir Path dir) throws Exception {
        String csv = HEADER
                + row("thread", 1, "main", "main", "task-clock", 9_000, 100)           // whole run: ignored
                + row("window", 1, "main", "main", "task-clock", 100, 100)
                + row("window", 2, "w-0", "application", "task-clock", 600, 100)
                + row("window", 3, "w-1", "application", "task-clock", 200, 100)
                + row("window", 4, "timer", "application", "task-clock", 30, 100)       // 30/830 = 3.6% < 4%: auxiliary
                + row("window", 5, "GC Thread#0", "jvm-internal", "task-clock", 70, 50) // apart
                + row("window", 1, "main", "main", "context-switches", 4, 100);
        Path file = Files.writeString(dir.resolve("perfutil.csv"), csv);
        PerfUtilRows rows = PerfUtilRows.read(file);
        assertTrue(rows.windowed());
        assertEquals(List.of("task-clock", "context-switches"), rows.events());
        assertEquals(50, rows.minCoverage(), 1e-9);
        Parallelism p = Parallelism.of(rows, Map.of("w-0", 10.0, "w-1", 30.0), Thresholds.DEFAULTS);
        assertEquals("task-clock", p.workMetric(), "no instructions without a PMU");
        assertEquals(100.0 * 100 / 930, p.mainPct(), 1e-9);
        assertEquals(List.of("w-0", "w-1"), p.workers());
        assertEquals(1, p.auxiliaries());
        assertEquals(100.0 * 30 / 930, p.auxiliaryPct(), 1e-9);
        assertEquals(50, p.cyclesImbalancePct(), 1e-9, "600 and 200: stdev 200 over mean 400");
        assertTrue(Double.isNaN(p.instructionsImbalancePct()));
        assertEquals(50, p.accessesImbalancePct(), 1e-9, "OA: 10 and 30");
        assertEquals(7, p.jvmInternalPct(), 1e-9, "70 of 1000");
    }

    @Test
    void withoutWindowRowsTheWholeRunCounts(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("perfutil.csv"), HEADER + row("thread", 1, "main", "main", "task-clock", 5, 100));
        PerfUtilRows rows = PerfUtilRows.read(file);
        assertEquals(false, rows.windowed());
        assertEquals(100, Parallelism.of(rows, Map.of(), Thresholds.DEFAULTS).mainPct(), 1e-9);
    }
}
