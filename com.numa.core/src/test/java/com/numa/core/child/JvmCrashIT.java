package com.numa.core.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real child JVMs that die of a signal, and what JvmCrash reads from them. */
class JvmCrashIT {
    @TempDir
    Path tmp;

    private ChildRun run(String how) throws Exception {
        String cp = Path.of(CrashingProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        return ChildJvm.on(TargetJava.current())
                .options("-XX:ErrorFile=" + tmp.resolve("hs_err_pid%p.log"), "-XX:-CreateCoredumpOnCrash")
                .classPath(cp).main(CrashingProgram.class.getName(), List.of(how))
                .timeout(Duration.ofSeconds(120)).run();
    }

    @Test
    void aSegfaultIsReadFromHotSpotsReport() throws Exception {
        ChildRun r = run("segv");
        assertFalse(r.succeeded(), r.diagnostics());
        JvmCrash crash = JvmCrash.of(r).orElseThrow(() -> new AssertionError("no crash seen:\n" + r.diagnostics()));
        assertTrue(crash.reported());
        assertTrue(crash.signal().startsWith("SIGSEGV"), crash.toString());
        assertTrue(crash.frame().contains("Unsafe"), crash.toString()); // HotSpot's frame of the bad store
        assertTrue(Files.isRegularFile(Path.of(crash.hsErr())), crash.toString());
        assertTrue(crash.hsErr().startsWith(tmp.toString()), crash.toString());
        String line = crash.describe();
        assertTrue(line.startsWith("the JVM crashed: SIGSEGV") && line.contains(" in ") && line.endsWith("hs_err file: "
                + crash.hsErr()), line);
    }

    @Test
    void aKillFromOutsideIsNamedByItsSignal() throws Exception {
        ChildRun r = run("kill");
        assertEquals(128 + 9, r.exitCode(), r.diagnostics());
        JvmCrash crash = JvmCrash.of(r).orElseThrow();
        assertFalse(crash.reported());
        assertEquals("SIGKILL", crash.signal());
        assertTrue(crash.describe().startsWith("the JVM was killed by SIGKILL"), crash.describe());
    }

    @Test
    void anOrdinaryFailureIsNoCrash() {
        ChildRun exit3 = new ChildRun(List.of("java"), 3, "out", "Exception in thread \"main\"", 1, false);
        assertTrue(JvmCrash.of(exit3).isEmpty());
        ChildRun timedOut = new ChildRun(List.of("java"), 137, "", "", 1, true);
        assertTrue(JvmCrash.of(timedOut).isEmpty(), "our own kill of a timed-out run is reported as a timeout");
    }
}
