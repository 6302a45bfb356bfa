package com.numa.characterize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.JsonFiles;
import com.numa.testing.NumaGuest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code numa characterize} on a real two-node kernel: the QEMU guest with two vCPUs per node (node 0 = CPUs 0-1,
 * node 1 = CPUs 2-3), so that every configuration of the study's Table 1 can be formed from the kernel's own topology:
 * Single Node (CPUs 0-1, memory bound to node 0), Dual Node (CPU 0 and CPU 2, memory on both nodes) and All Nodes
 * (CPUs 0-3) run under numactl with real memory binding, and Table 6 is filled for all three. One warm-up-free
 * iteration each keeps the run short: the 4 vCPUs are time-shared on the host's cores, so timings under software
 * emulation mean nothing; placement does. (With one CPU per node Dual Node cannot be formed;
 * CharacterizeEndToEndIT checks on the emulated topology that the report says why.)
 */
@Tag("guest")
class CharacterizeGuestIT {

    @Test
    void singleDualAndAllNodesRunOnARealTwoNodeKernel() throws Exception {
        NumaGuest.assumeAvailable();
        Path out = Path.of(System.getProperty("numa.test.output", "target/test-output")).resolve("guest-characterize")
                .toAbsolutePath();
        deleteTree(out.resolve("ch")); // a characterization resumes: the runs of an earlier test would be kept
        Files.createDirectories(out);
        List<String> cmd = new ArrayList<>(NumaGuest.javaCommand());
        cmd.addAll(List.of("-jar", System.getProperty("numa.agent.jar"), "characterize", "--suite", "builtin", "--quick",
                "--warmup", "0", "--iterations", "1", "--bench", "parallel-walk", "--no-profile",
                "--out", out.resolve("ch").toString()));
        // without transparent huge pages a scan gives a hinting fault per 4 KiB page, not per 2 MiB (the guest is ours);
        // four emulated vCPUs on a 2-core host take 4-9 minutes for the boot and the three runs
        NumaGuest.Result r = NumaGuest.run(Duration.ofMinutes(12), 2, List.of(out), List.of("bash", "-c",
                "echo never > /sys/kernel/mm/transparent_hugepage/enabled && exec " + String.join(" ", cmd)));
        assertEquals(0, r.exitCode(), r.output());
        JsonNode provenance = JsonFiles.mapper().readTree(out.resolve("ch/characterization.json").toFile()).path("provenance");
        assertTrue(provenance.path("topology").asText().startsWith("real topology, 2 node(s): node0 cpus 0-1 node1 cpus 2-3"),
                provenance.toString());
        assertFalse(provenance.path("emulatedTopology").asBoolean());
        JsonNode configurations = provenance.path("configurations");
        assertTrue(configurations.path("Single Node").asText().contains("'numactl --physcpubind=0-1 --balancing --membind=0'"),
                configurations.toString());
        assertTrue(configurations.path("Dual Node").asText().contains("'numactl --physcpubind=0,2 --balancing --membind=0,1'"),
                configurations.toString());
        assertTrue(configurations.path("All Nodes").asText().contains("'numactl --physcpubind=0-3'"), configurations.toString());
        for (String c : List.of("single", "dual", "all")) {
            String command = Files.readString(out.resolve("ch/runs/parallel-walk/" + c + "-counters/command.txt"));
            assertTrue(command.startsWith("numactl --physcpubind="), command);
        }
        List<String> scaling = Files.readAllLines(out.resolve("ch/table6_scaling.csv"));
        assertEquals("application,single_median_ms,dual_median_ms,all_median_ms,all_vs_single,measured", scaling.get(0));
        String[] row = scaling.get(1).split(",");
        assertEquals("parallel-walk", row[0]);
        for (int i = 1; i <= 4; i++) {
            assertFalse(row[i].isEmpty(), "Table 6 is filled for Single, Dual and All Nodes: " + scaling);
        }
        assertFalse(r.output().contains("done by an earlier run"), r.output());
        // Table 5 from the kernel locality source: every configuration sampled, the figure labelled for what it is
        List<String> locality = Files.readAllLines(out.resolve("ch/table5_locality.csv"));
        Map<String, String> t5 = new java.util.HashMap<>();
        String[] header = locality.get(0).split(",");
        String[] values = locality.get(1).split(",", -1);
        for (int i = 0; i < header.length; i++) {
            t5.put(header[i], values[i]);
        }
        for (String c : List.of("single", "dual", "all")) {
            assertFalse(t5.get(c + "_kernel_remote_pct").isEmpty(), c + " sampled: " + locality);
            assertTrue(Long.parseLong(t5.get(c + "_kernel_samples")) > 0, c + " sampled: " + locality);
        }
        assertTrue(Double.parseDouble(t5.get("single_kernel_remote_pct")) < 5, "Single Node is one node: " + locality);
        assertTrue(Files.readString(out.resolve("ch/report.md")).contains("not of LLC misses"), "labelled honestly");
        String categories = Files.readString(out.resolve("ch/categories.csv"));
        assertTrue(categories.contains("kernel-sampled page accesses of application threads: single "), categories);
    }

    static void deleteTree(Path dir) throws java.io.IOException {
        if (Files.exists(dir)) {
            try (var files = Files.walk(dir)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
