package com.numa.perfutil.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.nio.file.Files;
import java.time.Duration;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The permission path for real: a child JVM running without CAP_PERFMON / CAP_SYS_ADMIN (setpriv drops them from the
 * bounding set) while kernel.perf_event_paranoid is at least 1 must get the documented message for per-core counters.
 */
class WithoutPerfmonIT {

    @Test
    void perCoreWithoutPermissionGivesTheDocumentedMessage() throws Exception {
        Path setpriv = Path.of("/usr/bin/setpriv");
        assumeTrue(Files.isExecutable(setpriv), "setpriv (util-linux) is needed to drop capabilities");
        String paranoid = Files.readString(EventAvailability.PARANOID_FILE).strip();
        assumeTrue(Integer.parseInt(paranoid) >= 1, "perf_event_paranoid " + paranoid + " allows per-core counting anyway");
        ChildRun run = ChildJvm.current()
                .via(List.of(setpriv.toString(), "--bounding-set=-perfmon,-sys_admin", "--inh-caps=-perfmon,-sys_admin"))
                .classPath(System.getProperty("java.class.path")).main(WithoutPerfmonMain.class.getName(), List.of())
                .timeout(Duration.ofSeconds(120)).run();
        assertFalse(run.timedOut(), "child JVM finished");
        String out = run.stdout() + run.stderr();
        assertEquals(0, run.exitCode(), out);
        List<String> lines = out.lines().toList();
        String core = lines.stream().filter(l -> l.startsWith("CORE ")).findFirst().orElseThrow(() -> new AssertionError(out));
        assertTrue(core.startsWith("CORE UNAVAILABLE per-core counters"), out);
        assertTrue(core.contains("permission denied") && core.contains("kernel.perf_event_paranoid is " + paranoid)
                && core.contains("CAP_PERFMON"), core);
        if (Integer.parseInt(paranoid) >= 2) {
            // kernel-mode counts are refused too; per-thread falls back to user-mode task-clock and says so once
            assertTrue(out.contains("THREAD EVENTS [task-clock:u]"), out);
            assertEquals(1, lines.stream().filter(l -> l.startsWith("LOG per-thread")).count(), out);
            assertTrue(out.contains("cs: not counted: permission denied"), out);
        }
    }
}
