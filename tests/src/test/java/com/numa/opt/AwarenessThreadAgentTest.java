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
 * The optimizer as users run it: {@code bin/numa vm -XX:NUMATopology=2 -XX:+NUMAOpts ...} with the packaged agent
 * (run with mvn verify). A single-threaded program ends SINGLE_THREADED, every thread of its JVM on one pseudo-node's
 * CPU as the program itself reads it from /proc, and the decision log has its rows and summary.
 */
class AwarenessThreadAgentTest {

    @Test
    void singleThreadedProgramUnderTheAgentEndsPinnedToOneNode(@TempDir Path tmp) throws Exception {
        Path agentJar = Path.of(System.getProperty("numa.agent.jar"));
        assertTrue(Files.isRegularFile(agentJar), "run with mvn verify: no agent jar at " + agentJar);
        Path numa = Path.of(System.getProperty("numa.home"), "bin", "numa");
        String classes = Path.of(SpinningMainProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        Path log = tmp.resolve("decisions.csv");
        ProcessBuilder pb = new ProcessBuilder(List.of(numa.toString(), "vm", "-XX:NUMATopology=2", "-XX:+NUMAOpts",
                "-XX:NUMAOptsLog=" + log, "-cp", classes, SpinningMainProgram.class.getName(), "2500"))
                .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("NUMA_AGENT_JAR", agentJar.toString());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out");
        String out = Files.readString(tmp.resolve("out.txt"));
        String err = Files.readString(tmp.resolve("err.txt"));
        assertEquals(0, p.exitValue(), err);
        assertTrue(err.contains("numa: NUMAOpts: decided SINGLE_THREADED"), err);
        List<String> allowed = out.lines().filter(l -> l.startsWith("tid=")).map(l -> l.substring(l.indexOf("allowed=") + 8))
                .distinct().toList();
        assertEquals(1, allowed.size(), "every thread on one pseudo-node: " + out);
        assertTrue(allowed.get(0).matches("\\d+"), "a single CPU (pseudo-nodes of one CPU each): " + allowed);
        List<String> lines = Files.readAllLines(log);
        assertEquals(String.join(",", IntervalRecord.HEADER), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.contains(",SINGLE_THREADED,")), String.join("\n", lines));
        String summary = lines.get(lines.size() - 1);
        assertTrue(summary.startsWith("# summary,") && summary.contains("final_state=SINGLE_THREADED"), summary);
    }
}
