package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end: {@code bin/numa vm -XX:+NUMAOpts -XX:NUMATopology=2} on a CPU-bound parallel program
 * that allocates nothing and reports no progress. Before the fix it settled PARALLEL_ON_SINGLE_NODE (the cost column
 * empty, nothing said why) and lost about half its throughput; it must end on all nodes, and the log's reason column
 * and the stderr decision line must say which signal decided.
 */
class AwarenessThreadParallelProgramIT {

    @Test
    void aScalingProgramWithoutAllocationOrProgressEndsOnAllNodesAndTheLogSaysWhy(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("l.csv");
        // measured from 0.5 s: the default start delay (2 s) leaves little of a 4 s run on a loaded machine
        NumaVm run = NumaVm.run(tmp, List.of("-XX:+NUMAOpts", "-XX:NUMATopology=2", "-XX:NUMAOptsLog=" + log,
                "-XX:NUMAOptsStartDelay=500"), ParallelSpinProgram.class, "2", "4000");
        String err = run.err();
        assertEquals(0, run.exitCode(), err);
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
