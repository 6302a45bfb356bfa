package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Set-up and restore of NUMA balancing on fake /proc/sys/kernel and debugfs trees laid out as the kernel does
 * (NumaBalancingCommandsIT: the processes it starts or lives in).
 */
class NumaBalancingTest {
    @TempDir
    Path root;

    private Path proc() throws IOException {
        return FakeKernelTree.proc(root);
    }

    private Path debugfs() throws IOException {
        return FakeKernelTree.debugfs(root);
    }

    private NumaBalancing newKernel() throws IOException {
        return FakeKernelTree.newKernel(root);
    }

    @Test
    void tunesForTheWindowAndRestoresOnce() throws IOException {
        NumaBalancing b = newKernel();
        Path delay = root.resolve("debug/sched/numa_balancing/scan_delay_ms");
        NumaBalancing.Tuning t = b.tune(NumaBalancing.TUNED);
        assertEquals(java.util.List.of(), t.problems());
        assertEquals("numa_balancing=0 scan_delay_ms=1000 scan_period_min_ms=1000 scan_period_max_ms=60000 "
                + "scan_size_mb=256", t.before().describe());
        assertEquals(NumaBalancing.TUNED, t.during().values());
        assertEquals("1", FakeKernelTree.read(root.resolve("proc/sys/kernel/numa_balancing")));
        assertEquals("0", FakeKernelTree.read(delay));
        assertEquals("100", FakeKernelTree.read(root.resolve("debug/sched/numa_balancing/scan_period_min_ms")));
        t.restore();
        assertEquals("0", FakeKernelTree.read(root.resolve("proc/sys/kernel/numa_balancing")));
        assertEquals("1000", FakeKernelTree.read(delay));
        assertEquals("60000", FakeKernelTree.read(root.resolve("debug/sched/numa_balancing/scan_period_max_ms")));
        Files.writeString(delay, "5\n");
        t.restore(); // once only: a later change by someone else stays
        assertEquals("5", FakeKernelTree.read(delay));
    }

    @Test
    void olderKernelsKeepTheScannerInProcfs() throws IOException {
        Path proc = proc();
        Files.writeString(proc.resolve("numa_balancing"), "1\n");
        Files.writeString(proc.resolve("numa_balancing_scan_delay_ms"), "1000\n");
        Files.writeString(proc.resolve("numa_balancing_scan_size_mb"), "256\n");
        NumaBalancing b = new NumaBalancing(proc, debugfs());
        try (NumaBalancing.Tuning t = b.tune(Map.of("numa_balancing", "1", "scan_delay_ms", "0", "scan_size_mb", "64"))) {
            assertEquals("0", FakeKernelTree.read(proc.resolve("numa_balancing_scan_delay_ms")));
            assertEquals("64", FakeKernelTree.read(proc.resolve("numa_balancing_scan_size_mb")));
            assertEquals(Map.of("numa_balancing", "1", "scan_delay_ms", "0", "scan_size_mb", "64"), t.during().values());
        }
        assertEquals("1000", FakeKernelTree.read(proc.resolve("numa_balancing_scan_delay_ms")));
        assertEquals("256", FakeKernelTree.read(proc.resolve("numa_balancing_scan_size_mb")));
    }

    @Test
    void aKernelWithoutBalancingIsSaidAndLeftAlone() throws IOException {
        NumaBalancing.Tuning t = new NumaBalancing(proc(), debugfs()).tune(NumaBalancing.TUNED);
        assertEquals(1, t.problems().size());
        assertTrue(t.problems().get(0).contains("no NUMA balancing"), t.problems().toString());
        assertEquals(Map.of(), t.during().values());
        assertTrue(!t.during().enabled());
    }

    @Test
    void aSettingThatCannotBeWrittenStaysAndIsNamed() throws IOException {
        NumaBalancing b = newKernel();
        Path size = root.resolve("debug/sched/numa_balancing/scan_size_mb");
        Files.delete(size);
        Files.createSymbolicLink(size, Path.of("/proc/version")); // readable, and not writable even by root
        NumaBalancing.Tuning t = b.tune(NumaBalancing.TUNED);
        t.restore();
        assertEquals(1, t.problems().size(), t.problems().toString());
        assertTrue(t.problems().get(0).contains("scan_size_mb") && t.problems().get(0).contains("stays"),
                t.problems().get(0));
        assertEquals("0", FakeKernelTree.read(root.resolve("proc/sys/kernel/numa_balancing")));
    }
}
