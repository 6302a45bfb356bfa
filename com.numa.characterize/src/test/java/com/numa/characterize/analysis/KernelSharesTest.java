package com.numa.characterize.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.classification.ThreadWork;
import com.numa.core.threads.ThreadRole;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelSharesTest {
    @TempDir
    Path dir;

    private static PerfUtilRows rows(ThreadWork... threads) {
        return new PerfUtilRows(List.of(threads), List.of("task-clock"), false, 100);
    }

    private Path run(String name, String cells, String summary) throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        Files.writeString(d.resolve("perfutil-locality.csv"), "tid,thread,range,cpu_node,page_node,samples\n" + cells);
        Files.writeString(d.resolve("perfutil-locality.json"), summary);
        return d.resolve("perfutil.csv");
    }

    private static String summary(String provenance, long migrated) {
        return "{\"label\":\"l\",\"provenance\":\"" + provenance + "\",\"samples\":1,\"lostSamples\":0,"
                + "\"unresolvedSamples\":0,\"firstSeenSamples\":0,\"windowNs\":1,\"samplerCpuNs\":1,"
                + "\"balancingBefore\":\"b\",\"balancingDuring\":\"d\",\"settingProblems\":[],"
                + "\"vmstatDelta\":{\"numa_pages_migrated\":" + migrated + "},\"realNodes\":2,\"schedFaults\":{}}";
    }

    @Test
    void sharesCountApplicationThreadsOnly() throws IOException {
        Path single = run("single", "10,worker,heap,0,0,90\n11,GC Thread#0,heap,0,1,500\n", summary("single run", 0));
        Path dual = run("dual", "20,worker,heap,0,1,30\n20,worker,heap,0,0,10\n21,worker,heap,1,1,60\n"
                + "22,C2 CompilerThre,other,0,1,999\n", summary("dual run", 7));
        ThreadWork w10 = new ThreadWork(10, "worker", ThreadRole.APPLICATION, Map.of("task-clock", 1.0));
        ThreadWork gc = new ThreadWork(11, "GC Thread#0", ThreadRole.JVM_INTERNAL, Map.of("task-clock", 1.0));
        ThreadWork w20 = new ThreadWork(20, "worker", ThreadRole.APPLICATION, Map.of("task-clock", 1.0));
        ThreadWork w21 = new ThreadWork(21, "worker", ThreadRole.APPLICATION, Map.of("task-clock", 1.0));
        ThreadWork jit = new ThreadWork(22, "C2 CompilerThre", ThreadRole.JVM_INTERNAL, Map.of("task-clock", 1.0));
        KernelShares k = KernelShares.read(Map.of("single", single, "dual", dual),
                Map.of("single", rows(w10, gc), "dual", rows(w20, w21, jit)), "unused");
        assertTrue(k.measured());
        assertEquals(0.0, k.remotePct("single"));
        assertEquals(30.0, k.remotePct("dual"), 1e-9);
        assertEquals(90, k.samples("single"));
        assertEquals(100, k.samples("dual"));
        assertEquals(7L, k.migrated().get("dual"));
        assertEquals("dual run", k.provenance());
        assertTrue(Double.isNaN(k.remotePct("all")));
    }

    @Test
    void noFilesGiveTheReason() throws IOException {
        KernelShares k = KernelShares.read(Map.of("single", dir.resolve("perfutil.csv")), Map.of("single", rows()),
                "locality is not measured: this machine has 1 NUMA node");
        assertFalse(k.measured());
        assertEquals("locality is not measured: this machine has 1 NUMA node", k.notMeasured());
    }
}
