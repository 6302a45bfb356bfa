package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processes NUMA balancing's set-up starts (mount and umount of debugfs, bounded in time) or lives in: a JVM that
 * tuned it (on a fake tree) and is stopped with SIGTERM puts the settings back.
 */
class NumaBalancingCommandsIT {
    @TempDir
    Path root;

    @Test
    void mountAndUmountRunsAreBoundedSoThatTheRestoringHookNeverHoldsTheExit() {
        assertEquals(null, NumaBalancing.command(Duration.ofSeconds(30), "true"));
        assertEquals("exit code 1", NumaBalancing.command(Duration.ofSeconds(30), "false"));
        assertEquals("did not finish within 200 ms", NumaBalancing.command(Duration.ofMillis(200), "sleep", "30"));
    }

    @Test
    void sigtermRestoresTheSettings() throws Exception {
        FakeKernelTree.newKernel(root);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), TuneAndWait.class.getName(), root.resolve("proc/sys/kernel")
                        .toString(), root.resolve("debug").toString()).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            assertEquals("tuned", out.readLine());
            assertEquals("1", FakeKernelTree.read(root.resolve("proc/sys/kernel/numa_balancing")));
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        assertEquals("0", FakeKernelTree.read(root.resolve("proc/sys/kernel/numa_balancing")));
        assertEquals("1000", FakeKernelTree.read(root.resolve("debug/sched/numa_balancing/scan_delay_ms")));
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
