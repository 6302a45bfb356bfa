package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        Path log = tmp.resolve("decisions.csv");
        NumaVm run = NumaVm.run(tmp, List.of("-XX:NUMATopology=2", "-XX:+NUMAOpts", "-XX:NUMAOptsLog=" + log),
                SpinningMainProgram.class, "2500");
        String out = run.out();
        String err = run.err();
        assertEquals(0, run.exitCode(), err);
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
