package com.numa.characterize.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-thread life columns and the process rows of a PerfUtil CSV, and CSVs written before they existed. */
class PerfUtilRowsTest {

    @Test
    void readsWhichPartOfEachLifeWasCountedAndTheEvidence(@TempDir Path dir) throws Exception {
        String csv = "scope,timestamp_ns,tid,thread,previous_names,role,ended,cpu,node,event,raw,enabled_ns,running_ns,scaled,"
                + "coverage_pct,counted_from_ns,cpu_before_counting_ns,life_counted_pct\n"
                + "thread,50,7,main,,main,false,,,task-clock,900,900,900,900.0,100.00,10,100,90.00\n"
                + "thread,40,8,short-0,,application,true,,,task-clock,300,300,300,300.0,100.00,20,,\n"
                + "process,60,,,,,,,,java_threads_started,5,,,5,,,,\n"
                + "process,60,,,,,,,,java_threads_measured,4,,,4,,,,\n"
                + "process,60,,,,,,,,java_threads_not_measured,1,,,1,,,,\n"
                + "process,60,,,,,,,,process_cpu_ns,2000,,,2000,,,,\n"
                + "process,60,,,,,,,,measured_cpu_ns,1300,,,1300,,,,\n"
                + "process,60,,,,,,,,not_measured_cpu_ns,700,,,700,,,,\n";
        PerfUtilRows rows = PerfUtilRows.read(Files.writeString(dir.resolve("perfutil.csv"), csv));
        assertEquals(2, rows.threads().size(), "process rows are not threads");
        assertEquals(new PerfUtilRows.ThreadLife(false, 10, 100, 90.0), rows.lives().get(7));
        PerfUtilRows.ThreadLife shortOne = rows.lives().get(8);
        assertTrue(shortOne.ended());
        assertEquals(-1, shortOne.cpuBeforeCountingNs(), "an empty cell is unknown");
        assertTrue(Double.isNaN(shortOne.lifeCountedPct()));
        assertEquals(new PerfUtilRows.ThreadEvidence(5, 4, 1, 2000, 1300, 700), rows.evidence());
        assertTrue(rows.evidence().known());
    }

    @Test
    void aCsvWithoutTheNewColumnsStillReads(@TempDir Path dir) throws Exception {
        String csv = "scope,timestamp_ns,tid,thread,role,ended,cpu,node,event,raw,enabled_ns,running_ns,scaled,coverage_pct\n"
                + "thread,1,7,main,main,false,,,task-clock,5,100,100,5.0,100.00\n";
        PerfUtilRows rows = PerfUtilRows.read(Files.writeString(dir.resolve("perfutil.csv"), csv));
        assertEquals(5.0, rows.threads().get(0).count("task-clock"), 1e-9);
        assertEquals(-1, rows.lives().get(7).countedFromNs());
        assertFalse(rows.evidence().known());
        assertEquals(PerfUtilRows.ThreadEvidence.NONE, rows.evidence());
    }
}
