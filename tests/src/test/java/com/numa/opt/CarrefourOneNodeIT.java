package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -XX:NUMAOptsMemory=carrefour} on this one-node machine, as users run it: the flag parses, the program runs
 * and computes what it computes without us, one line says why no page moves, the decision log's summary says so too,
 * and NUMA balancing's switch is as it was.
 */
class CarrefourOneNodeIT {
    private static final String SUM = "sum=8796090925056";
    private static final Path BALANCING = Path.of("/proc/sys/kernel/numa_balancing");

    @Test
    void onOneNodeTheOptimizerSaysWhyNoPageMovesAndTheProgramRunsAsWithoutIt(@TempDir Path tmp) throws Exception {
        String balancingBefore = Files.isReadable(BALANCING) ? Files.readString(BALANCING) : "absent";
        Path plainDir = Files.createDirectories(tmp.resolve("plain"));
        NumaVm plain = NumaVm.run(plainDir, List.of("-XX:+NUMAOpts", "-XX:NUMAOptsMemory=carrefour"),
                ArrayReadProgram.class, "300");
        assertEquals(0, plain.exitCode(), plain.err());
        assertTrue(plain.out().contains(SUM), plain.out());
        assertTrue(plain.err().contains(AwarenessThread.MEMORY_OFF + "one NUMA node: no memory is remote; no page is moved"),
                plain.err());

        // emulated nodes start the Awareness Thread; the kernel still has one node, so Carrefour stays off
        Path log = tmp.resolve("decisions.csv");
        Path emulatedDir = Files.createDirectories(tmp.resolve("emulated"));
        NumaVm emulated = NumaVm.run(emulatedDir, List.of("-XX:NUMATopology=2", "-XX:+NUMAOpts",
                "-XX:NUMAOptsMemory=carrefour", "-XX:NUMAOptsStartDelay=0", "-XX:NUMAOptsLog=" + log),
                ArrayReadProgram.class, "1500", "2");
        assertEquals(0, emulated.exitCode(), emulated.err());
        assertTrue(emulated.out().contains(SUM), emulated.out());
        assertTrue(emulated.err().contains(AwarenessThread.MEMORY_OFF
                + "one NUMA node: no memory is remote; no page is moved"), emulated.err());
        List<String> lines = Files.readAllLines(log);
        assertTrue(lines.stream().noneMatch(l -> l.contains(",memory-")), "no memory decision: " + lines);
        String summary = lines.get(lines.size() - 1);
        assertTrue(summary.contains(" memory=carrefour memory_off=one_NUMA_node:_no_memory_is_remote"), summary);
        assertEquals(balancingBefore, Files.isReadable(BALANCING) ? Files.readString(BALANCING) : "absent");
    }

    @Test
    void aMistypedMemoryPlacementIsRefusedWithTheChoices(@TempDir Path tmp) throws Exception {
        NumaVm run = NumaVm.run(tmp, List.of("-XX:+NUMAOpts", "-XX:NUMAOptsMemory=carefour"), ArrayReadProgram.class,
                "0");
        assertNotEquals(0, run.exitCode());
        assertTrue(run.err().contains("NUMAOptsMemory") && run.err().contains("carrefour"), run.err());
        assertTrue(!run.out().contains("sum="), "the application did not start: " + run.out());
    }
}
