package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Set-up and restore of NUMA balancing on fake /proc/sys/kernel and debugfs trees laid out as the kernel does. */
class NumaBalancingTest {
    @TempDir
    Path root;

    private Path proc() throws IOException {
        return Files.createDirectories(root.resolve("proc/sys/kernel"));
    }

    private Path debugfs() throws IOException {
        return Files.createDirectories(root.resolve("debug"));
    }

    /** Linux 5.13 and newer: the switch in procfs, the scanner in debugfs. */
    private NumaBalancing newKernel() throws IOException {
        Path proc = proc();
        Files.writeString(proc.resolve("numa_balancing"), "0\n");
        Path dir = Files.createDirectories(debugfs().resolve("sched/numa_balancing"));
        Files.writeString(dir.resolve("scan_delay_ms"), "1000\n");
        Files.writeString(dir.resolve("scan_period_min_ms"), "1000\n");
        Files.writeString(dir.resolve("scan_period_max_ms"), "60000\n");
        Files.writeString(dir.resolve("scan_size_mb"), "256\n");
        return new NumaBalancing(proc, debugfs());
    }

    private String read(Path p) throws IOException {
        return Files.readString(p).strip();
    }

    @Test
    void mountAndUmountRunsAreBoundedSoThatTheRestoringHookNeverHoldsTheExit() {
        assertEquals(null, NumaBalancing.command(Duration.ofSeconds(30), "true"));
        assertEquals("exit code 1", NumaBalancing.command(Duration.ofSeconds(30), "false"));
        assertEquals("did not finish within 200 ms", NumaBalancing.command(Duration.ofMillis(200), "sleep", "30"));
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
        assertEquals("1", read(root.resolve("proc/sys/kernel/numa_balancing")));
        assertEquals("0", read(delay));
        assertEquals("100", read(root.resolve("debug/sched/numa_balancing/scan_period_min_ms")));
        t.restore();
        assertEquals("0", read(root.resolve("proc/sys/kernel/numa_balancing")));
        assertEquals("1000", read(delay));
        assertEquals("60000", read(root.resolve("debug/sched/numa_balancing/scan_period_max_ms")));
        Files.writeString(delay, "5\n");
        t.restore(); // once only: a later change by someone else stays
        assertEquals("5", read(delay));
    }

    @Test
    void olderKernelsKeepTheScannerInProcfs() throws IOException {
        Path proc = proc();
        Files.writeString(proc.resolve("numa_balancing"), "1\n");
        Files.writeString(proc.resolve("numa_balancing_scan_delay_ms"), "1000\n");
        Files.writeString(proc.resolve("numa_balancing_scan_size_mb"), "256\n");
        NumaBalancing b = new NumaBalancing(proc, debugfs());
        try (NumaBalancing.Tuning t = b.tune(Map.of("numa_balancing", "1", "scan_delay_ms", "0", "scan_size_mb", "64"))) {
            assertEquals("0", read(proc.resolve("numa_balancing_scan_delay_ms")));
            assertEquals("64", read(proc.resolve("numa_balancing_scan_size_mb")));
            assertEquals(Map.of("numa_balancing", "1", "scan_delay_ms", "0", "scan_size_mb", "64"), t.during().values());
        }
        assertEquals("1000", read(proc.resolve("numa_balancing_scan_delay_ms")));
        assertEquals("256", read(proc.resolve("numa_balancing_scan_size_mb")));
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
        assertEquals("0", read(root.resolve("proc/sys/kernel/numa_balancing")));
    }

    @Test
    void sigtermRestoresTheSettings() throws Exception {
        newKernel();
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), TuneAndWait.class.getName(), root.resolve("proc/sys/kernel")
                        .toString(), root.resolve("debug").toString()).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            assertEquals("tuned", out.readLine());
            assertEquals("1", read(root.resolve("proc/sys/kernel/numa_balancing")));
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        assertEquals("0", read(root.resolve("proc/sys/kernel/numa_balancing")));
        assertEquals("1000", read(root.resolve("debug/sched/numa_balancing/scan_delay_ms")));
    }

    /** Tunes a fake tree and waits to be terminated. */
    public static final class TuneAndWait {
        public static void main(String[] args) throws InterruptedException {
            new NumaBalancing(Path.of(args[0]), Path.of(args[1])).tune(NumaBalancing.TUNED);
            System.out.println("tuned");
            System.out.flush();
            Thread.sleep(600_000);
        }
    }
}
