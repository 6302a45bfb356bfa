package com.numa.characterize.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.classification.Lifetime;
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
        assertEquals(new PerfUtilRows.ThreadLife(false, 10, 100, 90.0, 50), rows.lives().get(7));
        PerfUtilRows.ThreadLife shortOne = rows.lives().get(8);
        assertTrue(shortOne.ended());
        assertEquals(new Lifetime(20, 40, true), rows.threads().get(1).life(), "counted from 20, ended by its reading at 40");
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
        assertEquals(Lifetime.UNKNOWN, rows.threads().get(0).life());
        assertFalse(rows.evidence().known());
        assertEquals(PerfUtilRows.ThreadEvidence.NONE, rows.evidence());
    }

    @Test
    void papiPresetsAndNativeNamesReadAsTheStudysEvents(@TempDir Path dir) throws Exception {
        // a PAPI-backed run (-XX:PerfUtilBackend=papi) of two workers, multiplexed: the tables read instructions, cycles
        // and the L3 figures from PAPI's presets, and the CPU time from a perf native name with a qualifier
        String header = "scope,timestamp_ns,tid,thread,role,ended,cpu,node,event,raw,enabled_ns,running_ns,scaled,coverage_pct\n";
        StringBuilder csv = new StringBuilder(header);
        String[][] workers = {{"8", "w-0", "3000"}, {"9", "w-1", "1000"}};
        for (String[] w : workers) {
            long ins = Long.parseLong(w[2]);
            csv.append(String.format("thread,1,%s,%s,application,false,,,PAPI_TOT_INS,%d,100,50,%d.0,50.00%n", w[0], w[1], ins,
                    2 * ins));
            csv.append(String.format("thread,1,%s,%s,application,false,,,PAPI_TOT_CYC,%d,100,100,%d.0,100.00%n", w[0], w[1],
                    ins, ins));
            csv.append(String.format("thread,1,%s,%s,application,false,,,PAPI_L3_DCR,100,100,100,100.0,100.00%n", w[0], w[1]));
            csv.append(String.format("thread,1,%s,%s,application,false,,,PAPI_L3_LDM,25,100,100,25.0,100.00%n", w[0], w[1]));
            csv.append(String.format("thread,1,%s,%s,application,false,,,perf::TASK-CLOCK:k=1,%d,100,100,%d.0,100.00%n",
                    w[0], w[1], ins * 1000, ins * 1000));
        }
        PerfUtilRows rows = PerfUtilRows.read(Files.writeString(dir.resolve("perfutil.csv"), csv.toString()));
        assertEquals(java.util.List.of("instructions", "cycles", "LLC-loads", "LLC-load-misses", "task-clock"), rows.events());
        assertEquals(50.0, rows.minCoverage(), 1e-9);
        Parallelism p = Parallelism.of(rows, java.util.Map.of(), com.numa.core.classification.Thresholds.DEFAULTS);
        assertEquals("instructions", p.workMetric(), "work is instructions where PAPI counts them");
        assertEquals(50.0, p.instructionsImbalancePct(), 1e-9, "6000 and 2000 scaled instructions: stdev 2000 / mean 4000");
        assertEquals(25.0, Locality.of(rows, null).singleReadMissPct(), 1e-9, "PAPI_L3_LDM / PAPI_L3_DCR");
    }
}
