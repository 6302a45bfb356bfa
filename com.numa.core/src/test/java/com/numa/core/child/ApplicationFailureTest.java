package com.numa.core.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an application's failure says, on scripted stderr: the tail's rules (ApplicationFailureRunIT runs real child
 * JVMs).
 */
class ApplicationFailureTest {
    private static final String TRACE = String.join("\n",
            "Exception in thread \"main\" java.lang.IllegalStateException: boom",
            "\tat app.Main.solve(Main.java:12)",
            "\tat app.Main.run(Main.java:8)",
            "\tat app.Main.main(Main.java:4)",
            "Caused by: java.io.IOException: disk",
            "\tat app.Disk.read(Disk.java:3)",
            "\t... 3 more");

    private static ChildRun exited(int code, String stderr) {
        return new ChildRun(List.of("java"), code, "", stderr, 1, false);
    }

    @Test
    void theTailStartsAtTheExceptionAndLeavesOutTheAgentsFooter() {
        String stderr = "numa: per-thread counters: not counted\n" + "app: starting\n" + TRACE + "\n"
                + "numa: PerfUtil summary, 24 thread(s)\n" + "     tid  thread   role\n" + "    5643  main     main\n"
                + "  1 of 6 Java thread(s) started during the run were NOT measured\n";
        assertEquals(List.of("Exception in thread \"main\" java.lang.IllegalStateException: boom",
                "\tat app.Main.solve(Main.java:12)", "\tat app.Main.run(Main.java:8)", "\tat app.Main.main(Main.java:4)",
                "Caused by: java.io.IOException: disk", "\tat app.Disk.read(Disk.java:3)"), ApplicationFailure.tail(stderr));
    }

    @Test
    void withoutATraceTheTailIsTheLastLines() {
        String stderr = "numa: per-thread counters: not counted\nUnrecognized option: --bad\n"
                + "Error: Could not create the Java Virtual Machine.\n"
                + "Error: A fatal exception has occurred. Program will exit.\n";
        assertEquals(List.of("Unrecognized option: --bad", "Error: Could not create the Java Virtual Machine.",
                "Error: A fatal exception has occurred. Program will exit."), ApplicationFailure.tail(stderr));
        List<String> many = ApplicationFailure.tail("1\n2\n3\n4\n5\n6\n7\n8\n");
        assertEquals(List.of("3", "4", "5", "6", "7", "8"), many);
        assertEquals(List.of(), ApplicationFailure.tail("numa: only ours\n  and its table\n"));
    }

    @Test
    void aTraceThatAProgramPrintedBeforeExitingCounts() {
        String stderr = "java.lang.IllegalArgumentException: bad input\n\tat app.Main.main(Main.java:9)\nexiting\n";
        assertEquals(List.of("java.lang.IllegalArgumentException: bad input", "\tat app.Main.main(Main.java:9)", "exiting"),
                ApplicationFailure.tail(stderr));
    }

    @Test
    void aVeryLongLineIsCut() {
        String line = ApplicationFailure.tail("x".repeat(5000)).get(0);
        assertEquals(ApplicationFailure.LINE_CHARS + " ...".length(), line.length());
    }

    @Test
    void theHeadlineComesFirstThenTheTailIndented() {
        ApplicationFailure f = ApplicationFailure.of(exited(1, TRACE)).orElseThrow();
        assertEquals("the application failed: exit code 1; its last lines on stderr:", f.lines().get(0));
        assertEquals("  Exception in thread \"main\" java.lang.IllegalStateException: boom", f.lines().get(1));
        assertEquals("the application failed: exit code 1: Exception in thread \"main\" java.lang.IllegalStateException: boom",
                f.oneLine());
        assertEquals(List.of("the application failed: exit code 3; it printed nothing on stderr"),
                ApplicationFailure.of(exited(3, "")).orElseThrow().lines());
    }

    @Test
    void runsThatFailedTheSameWayAreEqual() {
        assertEquals(ApplicationFailure.of(exited(1, TRACE + "\nnuma: footer A\n")),
                ApplicationFailure.of(exited(1, "numa: other\n" + TRACE + "\nnuma: footer B\n")));
        assertFalse(ApplicationFailure.of(exited(1, TRACE)).equals(ApplicationFailure.of(exited(2, TRACE))));
    }

    @Test
    void successAndTimeoutsAreNotApplicationFailures() {
        assertTrue(ApplicationFailure.of(exited(0, TRACE)).isEmpty());
        assertTrue(ApplicationFailure.of(new ChildRun(List.of("java"), -1, "", TRACE, 1, true)).isEmpty());
    }

    @Test
    void aKillIsTheCrashWithoutTail() {
        ApplicationFailure f = ApplicationFailure.of(exited(137, TRACE)).orElseThrow();
        assertTrue(f.headline().startsWith("the JVM was killed by SIGKILL"), f.headline());
        assertEquals(List.of(f.headline()), f.lines());
    }
}
