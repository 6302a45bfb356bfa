package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command answers an output it cannot write the same way, before it runs anything: one line naming the option
 * and the path, why, and the fix, and exit 2. /proc takes no new files, even for root.
 */
class UnwritableOutputEndToEndIT {
    private static final String BAD = "/proc/numa-unwritable";

    @TempDir
    Path tmp;

    private NumaCommand.Result numa(String... args) throws Exception {
        return NumaCommand.run(tmp, "numa", Path.of(System.getProperty("java.home")), Duration.ofSeconds(120), args);
    }

    private static void assertUsage(NumaCommand.Result r, String prefix, String kind) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().startsWith(prefix), r.err());
        assertTrue(r.err().contains("cannot create a file in /proc") && r.err().strip().endsWith("choose a writable " + kind),
                r.err());
    }

    @Test
    void theHostCommandsNameOutAndExitTwo() throws Exception {
        String app = NamedThreadsProgram.class.getName();
        String cp = Path.of(NamedThreadsProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String record = tmp.resolve("args.txt").toString();
        assertUsage(numa("characterize", "--suite", "builtin", "--out", BAD), "numa: characterize: --out " + BAD + ": ", "directory");
        assertUsage(numa("diagnose", "--out", BAD, "--", "-cp", cp, app, record), "numa: diagnose: --out " + BAD + ": ", "directory");
        assertUsage(numa("speedup-stack", "--threads", "1,2", "--out", BAD, "--", "-cp", cp, app, record, "{threads}"),
                "numa: speedup-stack: --out " + BAD + ": ", "directory");
        assertUsage(numa("gc-replay", "--synthetic", "jbb", "--out", BAD), "numa: gc-replay: --out " + BAD + ": ", "directory");
        assertTrue(!Files.exists(tmp.resolve("args.txt")), "no application started");
    }

    @Test
    void theFeatureOutputFlagsOfVmAndAttachSayItTheSameWay() throws Exception {
        String cp = Path.of(NamedThreadsProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        assertUsage(numa("vm", "-XX:+PerfUtil", "-XX:PerfUtilOutput=" + BAD, "-cp", cp, NamedThreadsProgram.class.getName(),
                tmp.resolve("args.txt").toString()), "numa: -XX:PerfUtilOutput=" + BAD + ": ", "file");
        // checked before attaching: the pid does not matter
        assertUsage(numa("attach", "1", "+NUMAProfiler,NUMAProfilerOutput=" + BAD), "numa: -XX:NUMAProfilerOutput=" + BAD + ": ",
                "directory");
    }
}
