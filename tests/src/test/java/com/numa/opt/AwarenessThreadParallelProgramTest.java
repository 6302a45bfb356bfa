package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 finding 3, end to end: {@code bin/numa vm -XX:+NUMAOpts -XX:NUMATopology=2} on a CPU-bound parallel program
 * that allocates nothing and reports no progress. Before the fix it settled PARALLEL_ON_SINGLE_NODE (the cost column
 * empty, nothing said why) and lost about half its throughput; it must end on all nodes, and the log's reason column
 * and the stderr decision line must say which signal decided.
 */
class AwarenessThreadParallelProgramTest {

    @Test
    void aScalingProgramWithoutAllocationOrProgressEndsOnAllNodesAndTheLogSaysWhy(@TempDir Path tmp) throws Exception {
        Path agentJar = Path.of(System.getProperty("numa.agent.jar"));
        assertTrue(Files.isRegularFile(agentJar), "run with mvn verify: no agent jar at " + agentJar);
        Path numa = Path.of(System.getProperty("numa.home"), "bin", "numa");
        String classes = Path.of(ParallelSpinProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        Path log = tmp.resolve("l.csv");
        ProcessBuilder pb = new ProcessBuilder(List.of(numa.toString(), "vm", "-XX:+NUMAOpts", "-XX:NUMATopology=2",
                "-XX:NUMAOptsLog=" + log, "-cp", classes, ParallelSpinProgram.class.getName(), "2", "2500"))
                .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("NUMA_AGENT_JAR", agentJar.toString());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out");
        String err = Files.readString(tmp.resolve("err.txt"));
        assertEquals(0, p.exitValue(), err);
        List<String> lines = Files.readAllLines(log);
        String all = String.join("\n", lines);
        assertEquals(String.join(",", IntervalRecord.HEADER), lines.get(0));
        assertTrue(IntervalRecord.HEADER.contains("reason"), all);
        // the run may end inside a probe interval: the last settled row is what it ended on
        List<String> rows = lines.subList(1, lines.size() - 1).stream().filter(l -> !l.contains(",PROBING_")).toList();
        assertTrue(rows.get(rows.size() - 1).contains(",PARALLEL_ON_ALL_NODES,"), all);
        assertTrue(lines.stream().noneMatch(l -> l.contains(",PARALLEL_ON_SINGLE_NODE,")), "never settled on one node: " + all);
        // the settled rows name the deciding signal: CPU time (no PMU here, no allocation, no progress)
        List<String> settled = lines.stream().filter(l -> l.contains(",PARALLEL_ON_ALL_NODES,")).toList();
        assertTrue(!settled.isEmpty() && settled.stream().allMatch(l -> l.contains("cpu-share")), all);
        assertTrue(err.contains("decided PARALLEL_ON_ALL_NODES (") && err.contains("cpu-share"), err);
    }
}
