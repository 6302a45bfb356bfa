package com.numa.vm.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.io.JsonFiles;
import com.numa.perfutil.machine.MachineFacts;
import com.numa.perfutil.machine.MachineFacts.EventKind;
import com.numa.perfutil.machine.ScriptedMachine;
import com.numa.vm.doctor.FeatureVerdict.Level;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** numa doctor on scripted machines (a sys/proc tree in a temporary directory and a scripted perf_event_open). */
class DoctorVerdictsTest {
    @TempDir
    Path tmp;

    private static FeatureVerdict verdict(List<FeatureVerdict> all, String feature) {
        return all.stream().filter(v -> v.feature().equals(feature)).findFirst().orElseThrow();
    }

    @Test
    void oneNodeWithoutPmuDegradesTheCounterAndNodeFeaturesAndSaysWhy() {
        MachineFacts m = new ScriptedMachine(tmp).nodes(1, 2, 0).numaBalancing(0).inspect();
        assertEquals(1, m.nodes());
        assertEquals(2, m.onlineCpus());
        assertFalse(m.corePmu());
        assertFalse(m.counts("instructions"));
        assertTrue(m.event("instructions").why().contains("no hardware PMU"), m.event("instructions").why());
        assertTrue(m.counts("task-clock"));
        assertEquals(2, m.paranoid());
        assertTrue(m.privilege().root());

        List<FeatureVerdict> v = FeatureVerdicts.of(m);
        FeatureVerdict perfUtil = verdict(v, "PerfUtil");
        assertEquals(Level.DEGRADED, perfUtil.level());
        assertTrue(perfUtil.why().startsWith("software events only"), perfUtil.why());
        assertEquals(FeatureVerdicts.PMU_FIX, perfUtil.fix());
        assertEquals(Level.FULL, verdict(v, "NUMAProfiler").level());
        assertEquals(Level.DEGRADED, verdict(v, "NUMAOpts").level());
        assertTrue(verdict(v, "NUMAOpts").why().contains("one NUMA node"));
        assertEquals(Level.DEGRADED, verdict(v, "characterize Table 2").level());
        assertEquals(Level.FULL, verdict(v, "characterize Table 4").level());
        assertEquals(Level.OFF, verdict(v, "characterize Table 5").level());
        assertTrue(verdict(v, "characterize Table 5").why().contains("no hardware PMU"));
        assertEquals(Level.DEGRADED, verdict(v, "characterize Table 6").level());
        assertEquals(Level.DEGRADED, verdict(v, "speedup-stack").level());
        assertEquals(Level.DEGRADED, verdict(v, "gc-replay").level());
        assertEquals(Level.OFF, verdict(v, "locality").level());
        assertEquals(FeatureVerdicts.NODES_FIX, verdict(v, "locality").fix());
    }

    @Test
    void twoSocketsWithPmuAndUncoreAreFullEverywhere() {
        MachineFacts m = new ScriptedMachine(tmp).nodes(2, 8, 21).corePmu()
                .uncorePmu("uncore_imc_0", 14, "cas_count_read").uncorePmu("uncore_imc_1", 15, "cas_count_read")
                .numaBalancing(1).tools().inspect();
        assertEquals(2, m.nodes());
        assertEquals(21, m.topology().distance(0, 1));
        assertEquals(16, m.topology().usableCpus().size());
        assertTrue(m.corePmu());
        List<MachineFacts.EventCheck> uncore = m.events().stream().filter(e -> e.kind() == EventKind.UNCORE).toList();
        assertEquals(1, uncore.size(), "one event per uncore family: " + uncore);
        assertEquals("uncore_imc_0/cas_count_read/", uncore.get(0).event());
        assertTrue(uncore.get(0).counts());
        assertTrue(m.counts("node-load-misses"));
        assertNotNull(m.tools().numactl());
        assertTrue(m.tools().libpapi().endsWith("libpapi.so.7.0"));
        assertTrue(m.tools().jdks().get(0).endsWith("(17.0.15)"), m.tools().jdks().toString());

        for (FeatureVerdict f : FeatureVerdicts.of(m)) {
            assertEquals(Level.FULL, f.level(), f.line());
            assertTrue(f.fix().isEmpty(), f.line());
        }
    }

    @Test
    void paranoidThreeWithoutCapabilityTurnsCountersOffWithThePermissionFix() {
        MachineFacts m = new ScriptedMachine(tmp).nodes(2, 4, 32).corePmu().paranoid(3, false).numaBalancing(1)
                .inspect();
        assertEquals(3, m.paranoid());
        assertFalse(m.privilege().privileged());
        assertFalse(m.counts("task-clock"));
        assertTrue(m.event("task-clock").why().contains("kernel.perf_event_paranoid is 3"), m.event("task-clock").why());
        assertFalse(m.perCpu().counts());

        List<FeatureVerdict> v = FeatureVerdicts.of(m);
        assertEquals(Level.OFF, verdict(v, "PerfUtil").level());
        assertEquals(FeatureVerdicts.PERMISSION_FIX, verdict(v, "PerfUtil").fix());
        assertEquals(Level.OFF, verdict(v, "characterize Table 2").level());
        assertEquals(Level.OFF, verdict(v, "characterize Table 5").level());
        assertEquals(FeatureVerdicts.PERMISSION_FIX, verdict(v, "characterize Table 5").fix());
        assertEquals(Level.DEGRADED, verdict(v, "NUMAOpts").level());
        assertTrue(verdict(v, "NUMAOpts").why().contains("no CPI"));
        assertEquals(Level.FULL, verdict(v, "characterize Table 6").level());
        assertEquals(Level.DEGRADED, verdict(v, "locality").level(), "NUMA balancing's hinting faults remain");
    }

    @Test
    void aPmuWithoutNodeEventsLosesOnlyTheRemoteShare() {
        MachineFacts m = new ScriptedMachine(tmp).nodes(2, 2, 21).corePmu()
                .missing("node-load-misses", "node-store-misses").numaBalancing(0).inspect();
        List<FeatureVerdict> v = FeatureVerdicts.of(m);
        assertEquals(Level.FULL, verdict(v, "PerfUtil").level());
        assertEquals(Level.DEGRADED, verdict(v, "characterize Table 5").level());
        assertTrue(verdict(v, "characterize Table 5").why().startsWith("LLC miss rates only"));
        assertEquals(Level.DEGRADED, verdict(v, "locality").level());
        assertEquals("sysctl -w kernel.numa_balancing=1", verdict(v, "locality").fix());
    }

    @Test
    void twoNodesWithoutPmuTakeTable5FromTheKernelsHintingFaults() {
        MachineFacts m = new ScriptedMachine(tmp).nodes(2, 2, 21).numaBalancing(0).inspect();
        assertFalse(m.corePmu());
        assertTrue(m.privilege().root());
        List<FeatureVerdict> v = FeatureVerdicts.of(m);
        FeatureVerdict table5 = verdict(v, "characterize Table 5");
        assertEquals(Level.DEGRADED, table5.level(), table5.line());
        assertTrue(table5.why().contains("NUMA hinting faults"), table5.why());
        assertEquals(FeatureVerdicts.PMU_FIX, table5.fix());

        MachineFacts noBalancing = new ScriptedMachine(tmp.resolve("plain")).nodes(2, 2, 21).inspect();
        FeatureVerdict off = verdict(FeatureVerdicts.of(noBalancing), "characterize Table 5");
        assertEquals(Level.OFF, off.level(), off.line());
        assertTrue(off.why().contains("no NUMA balancing in this kernel"), off.why());
    }

    @Test
    void jsonCarriesTheFactsAndOneEntryPerFeature() throws Exception {
        MachineFacts m = new ScriptedMachine(tmp).nodes(1, 2, 0).inspect();
        List<FeatureVerdict> v = FeatureVerdicts.of(m);
        DoctorReport report = new DoctorReport(m, v);
        @SuppressWarnings("unchecked")
        Map<String, Object> json = JsonFiles.mapper().readValue(JsonFiles.toJson(report.json()), Map.class);
        assertEquals(2, json.get("perf_event_paranoid"));
        assertEquals(false, json.get("core_pmu"));
        assertEquals(v.size(), ((List<?>) json.get("features")).size());
        assertTrue(report.text().contains("Features:\n  PerfUtil"), report.text());
        assertTrue(report.text().contains("kernel NUMA balancing: absent"), report.text());
    }
}
