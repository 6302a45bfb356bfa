package com.numa.speedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Bad input: one line on stderr and exit 2, before any JVM starts (the runner fails the test if it is called).
 * SpeedupStackRunIT runs real JVMs.
 */
class CommandLineTest {
    @TempDir
    Path tmp;

    private static final ApplicationRunner NEVER = request -> {
        throw new AssertionError("no JVM may start on bad input: " + request.javaArguments());
    };

    private String[] run(ApplicationRunner runner, String... args) {
        return run(tmp, runner, args);
    }

    /** speedup-stack's exit code and stderr for {@code args}, writing under {@code out}; null runs real JVMs. */
    static String[] run(Path out, ApplicationRunner runner, String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = SpeedupStackCommand.commandLine(new SpeedupStackCommand(runner));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        List<String> all = new ArrayList<>(List.of("--out", out.toString()));
        all.addAll(List.of(args));
        return new String[] {Integer.toString(cl.execute(all.toArray(String[]::new))), err.toString()};
    }

    private static void assertBadInput(String[] result, String mentions) {
        assertEquals("2", result[0], result[1]);
        assertTrue(result[1].contains(mentions), result[1]);
        assertEquals(1, result[1].strip().lines().count(), "one line: " + result[1]);
    }

    @Test
    void threadsWithoutOne() {
        assertBadInput(run(NEVER, "--threads", "2,4", "--", "-cp", "x", "Main", "{threads}"), "must include 1");
    }

    @Test
    void javaArgumentsWithoutPlaceholder() {
        assertBadInput(run(NEVER, "--threads", "1,2", "--", "-cp", "x", "Main", "2"), "{threads}");
    }

    @Test
    void notANumber() {
        assertBadInput(run(NEVER, "--threads", "1,two", "--", "Main", "{threads}"), "two");
    }
}
