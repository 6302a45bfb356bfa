package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.FailingProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application that fails is the first thing characterize, diagnose and speedup-stack say about it: its exit code,
 * then its own last lines on stderr (the exception, or java's "Could not find or load main class"), not a footer of
 * ours; said once when every run fails the same way; exit 1 (diagnose: the application's code, 1 here).
 */
class ApplicationFailureEndToEndIT {
    private static final String BOOM = "IllegalStateException: boom";
    private static final String FAILED = "the application failed: exit code 1; its last lines on stderr:";

    @TempDir
    Path tmp;

    private NumaCommand.Result numa(String name, String... args) throws Exception {
        return NumaCommand.run(tmp, name, Path.of(System.getProperty("java.home")), Duration.ofSeconds(300), args);
    }

    private static String cp() throws Exception {
        return Path.of(FailingProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** Our lines (numa: ...), without the application's own stderr that diagnose lets through. */
    private static List<String> ours(String err) {
        return err.lines().filter(l -> l.startsWith("numa:")).toList();
    }

    @Test
    void characterizeSaysTheExceptionOnceBeforeAnythingElseAboutTheApplication() throws Exception {
        Path out = tmp.resolve("study");
        NumaCommand.Result r = numa("characterize", "characterize", "--quick", "--configs", "single", "--out",
                out.toString(), "--", "-cp", cp(), FailingProgram.class.getName());
        assertEquals(1, r.exit(), r.err());
        List<String> lines = r.err().lines().toList();
        int run = lines.indexOf("numa: [1/2] FailingProgram Single Node (counters)");
        assertTrue(run >= 0, r.err());
        // right after the run's progress line, and before anything about counters or coverage
        assertEquals("numa:   FailingProgram Single Node (counters): " + FAILED, lines.get(run + 1), r.err());
        assertTrue(lines.get(run + 2).endsWith(BOOM), r.err());
        assertTrue(lines.get(run + 3).contains("at " + FailingProgram.class.getName() + ".main"), r.err());
        assertTrue(r.err().lines().noneMatch(l -> l.contains("NOT measured")), r.err());
        // the profile run failed the same way: one line, not the exception again
        assertTrue(r.err().contains("FailingProgram Single Node (profile) failed the same way: the application failed: "
                + "exit code 1 (see "), r.err());
        String verdict = lines.stream().filter(l -> l.startsWith("numa: FailingProgram: not characterized")).findFirst()
                .orElseThrow(() -> new AssertionError(r.err()));
        assertTrue(verdict.contains(": Single Node, profiler: the application failed: exit code 1: ") && verdict.contains(BOOM),
                verdict);
        assertEquals(2, r.err().lines().filter(l -> l.contains(BOOM)).count(), r.err()); // the tail, and the verdict
        for (String file : List.of("categories.csv", "report.md", "characterization.json")) {
            String text = Files.readString(out.resolve(file));
            assertTrue(text.contains("Single Node, profiler: the application failed: exit code 1: ") && text.contains(BOOM),
                    file + ":\n" + text);
        }
    }

    @Test
    void characterizeShowsJavasMessageForAMissingMainClass() throws Exception {
        NumaCommand.Result r = numa("missing", "characterize", "--quick", "--configs", "single", "--no-profile",
                "--out", tmp.resolve("missing").toString(), "--", "-cp", cp(), "no.such.Main");
        assertEquals(1, r.exit(), r.err());
        List<String> lines = r.err().lines().toList();
        int at = lines.indexOf("numa:   Main Single Node (counters): " + FAILED);
        assertTrue(at >= 0, r.err());
        assertTrue(lines.get(at + 1).endsWith("Error: Could not find or load main class no.such.Main"), r.err());
    }

    @Test
    void diagnoseSaysItFirstAmongItsOwnLines() throws Exception {
        NumaCommand.Result r = numa("diagnose", "diagnose", "--out", tmp.resolve("diagnosis").toString(), "--", "-cp",
                cp(), FailingProgram.class.getName());
        assertEquals(1, r.exit(), r.err()); // the application's exit code
        assertTrue(r.err().contains("a line on stderr before the exception"), "its stderr goes by: " + r.err());
        List<String> ours = ours(r.err()).stream().filter(l -> l.startsWith("numa: diagnose:")).toList();
        assertEquals("numa: diagnose: " + FAILED, ours.get(0), r.err());
        assertTrue(ours.get(1).endsWith(BOOM), r.err());

        NumaCommand.Result missing = numa("diagnose-missing", "diagnose", "--out", tmp.resolve("d2").toString(), "--",
                "-cp", cp(), "no.such.Main");
        assertEquals(1, missing.exit(), missing.err());
        List<String> said = ours(missing.err()).stream().filter(l -> l.startsWith("numa: diagnose:")).toList();
        assertEquals("numa: diagnose: " + FAILED, said.get(0), missing.err());
        assertTrue(said.get(1).endsWith("Error: Could not find or load main class no.such.Main"), missing.err());
    }

    @Test
    void speedupStackSaysItBeforeItsStartUpLine() throws Exception {
        NumaCommand.Result r = numa("speedup", "speedup-stack", "--threads", "1,2", "--repeat", "1", "--out",
                tmp.resolve("stack").toString(), "--", "-cp", cp(), FailingProgram.class.getName(), "{threads}");
        assertEquals(1, r.exit(), r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals("numa: speedup-stack: " + FAILED, lines.get(0), r.err());
        assertTrue(lines.get(1).endsWith(BOOM), r.err());
        assertTrue(r.err().contains("it failed at 1 thread(s), run 1; its output is in "), r.err());
    }
}
