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
import org.junit.jupiter.api.Test;

/**
 * {@code numa characterize} on a real two-node kernel (the QEMU guest: node 0 = CPU 0, node 1 = CPU 1): the topology is
 * the kernel's, Single Node and All Nodes run under numactl with real memory binding, Table 6 is filled, and Dual
 * Node is reported as impossible (one CPU per node cannot be split), not faked. Timings under software emulation mean
 * nothing; placement does.
 */
class CharacterizeGuestTest {

    @Test
    void singleAndAllNodesRunOnARealTwoNodeKernel() throws Exception {
        NumaGuest.assumeAvailable();
        Path out = Path.of(System.getProperty("numa.test.output", "target/test-output")).resolve("guest-characterize")
                .toAbsolutePath();
        Files.createDirectories(out);
        List<String> cmd = new ArrayList<>(NumaGuest.javaCommand());
        cmd.addAll(List.of("-jar", System.getProperty("numa.agent.jar"), "characterize", "--suite", "builtin", "--quick",
                "--bench", "parallel-walk", "--no-profile", "--out", out.resolve("ch").toString()));
        NumaGuest.Result r = NumaGuest.run(Duration.ofMinutes(6), List.of(out), cmd);
        assertEquals(0, r.exitCode(), r.output());
        JsonNode provenance = JsonFiles.mapper().readTree(out.resolve("ch/characterization.json").toFile()).path("provenance");
        assertTrue(provenance.path("topology").asText().startsWith("real topology, 2 node(s)"), provenance.toString());
        assertFalse(provenance.path("emulatedTopology").asBoolean());
        assertTrue(provenance.path("configurations").path("Single Node").asText().contains("--membind=0"), provenance.toString());
        assertTrue(provenance.path("configurations").path("All Nodes").asText().contains("--physcpubind=0-1"));
        assertTrue(provenance.path("configurations").path("Dual Node").asText().startsWith("not run"));
        List<String> scaling = Files.readAllLines(out.resolve("ch/table6_scaling.csv"));
        String[] row = scaling.get(1).split(",");
        assertEquals("parallel-walk", row[0]);
        assertFalse(row[4].isEmpty(), "Table 6 is filled: " + scaling);
        String command = Files.readString(out.resolve("ch/runs/parallel-walk/single-counters/command.txt"));
        assertTrue(command.startsWith("numactl --physcpubind=0 --membind=0 "), command);
    }
}
