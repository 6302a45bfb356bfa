package com.numa.core.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What an application's failure says on real child JVMs: an exception, a missing main class, a run on the terminal. */
class ApplicationFailureRunIT {
    private static String cp() throws Exception {
        return java.nio.file.Path.of(FailingProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }

    @Test
    void aRealExceptionAndAMissingMainClass() throws Exception {
        ChildRun thrown = ChildJvm.current().classPath(cp()).main(FailingProgram.class.getName(), List.of())
                .timeout(Duration.ofSeconds(120)).run();
        ApplicationFailure f = ApplicationFailure.of(thrown).orElseThrow(() -> new AssertionError(thrown.diagnostics()));
        assertEquals(1, f.exitCode());
        assertTrue(f.stderrTail().get(0).endsWith("java.lang.IllegalStateException: boom"), f.toString());
        assertTrue(f.stderrTail().get(1).contains("at " + FailingProgram.class.getName() + ".main"), f.toString());

        ChildRun missing = ChildJvm.current().classPath(cp()).main("no.such.Main", List.of())
                .timeout(Duration.ofSeconds(120)).run();
        ApplicationFailure m = ApplicationFailure.of(missing).orElseThrow(() -> new AssertionError(missing.diagnostics()));
        assertTrue(m.oneLine().contains("Could not find or load main class no.such.Main"), m.toString());
    }

    @Test
    void onTheTerminalStderrIsKeptAsItPassesThrough() throws Exception {
        ChildRun r = ChildJvm.current().classPath(cp()).main(FailingProgram.class.getName(), List.of()).runOnTerminal();
        assertEquals(1, r.exitCode());
        assertEquals("", r.stdout());
        assertTrue(r.stderr().contains("a line on stderr before the exception"), r.stderr());
        assertTrue(ApplicationFailure.of(r).orElseThrow().oneLine().endsWith("IllegalStateException: boom"), r.stderr());
    }
}
