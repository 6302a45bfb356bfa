package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged agent given its options the ways users pass them, with no launcher in between: on the java command
 * line in the comma form, in the %20 form, and through JAVA_TOOL_OPTIONS (what a container or Surefire's argLine
 * hands the JVM; the VM splits that variable on spaces, so the comma form is the one that survives it).
 */
class AgentOptionWaysInEndToEndIT {
    private static Path agentJar;
    private static String testClasses;

    @TempDir
    Path tmp;

    @BeforeAll
    static void locate() {
        agentJar = Path.of(System.getProperty("numa.agent.jar"));
        assertTrue(Files.isRegularFile(agentJar), "run with mvn verify: no agent jar at " + agentJar);
        testClasses = Path.of(NamedThreadsProgram.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
    }

    private record Run(int exit, String err) {
    }

    private Run java(Map<String, String> env, String... options) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-cp", testClasses, NamedThreadsProgram.class.getName(), tmp.resolve("args.txt").toString(), "millis=200"));
        Path err = tmp.resolve("stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectOutput(tmp.resolve("stdout.txt").toFile())
                .redirectError(err.toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Run(p.exitValue(), Files.readString(err));
    }

    private static void assertCounted(Path csv, Run r) throws Exception {
        assertEquals(0, r.exit(), r.err());
        assertFalse(r.err().contains("bad flag"), r.err());
        assertTrue(Files.isRegularFile(csv), "no CSV; stderr: " + r.err());
        List<String> lines = Files.readAllLines(csv);
        // the event list's second event, counted on the main thread: the whole list reached PerfUtil
        assertTrue(lines.stream().anyMatch(l -> l.contains(",main,,main,") && l.contains(",context-switches,")),
                lines.size() + " lines, the first: " + lines.subList(0, Math.min(3, lines.size())));
    }

    @Test
    void commaFormOnTheCommandLineWithAListValue() throws Exception {
        Path csv = tmp.resolve("comma.csv");
        Run r = java(Map.of(), "-javaagent:" + agentJar + "=PerfUtil,PerfUtilEvents=task-clock,context-switches,PerfUtilInterval=50,PerfUtilOutput=" + csv);
        assertCounted(csv, r);
    }

    @Test
    void encodedSpaceFormStillWorks() throws Exception {
        Path csv = tmp.resolve("encoded.csv");
        Run r = java(Map.of(), "-javaagent:" + agentJar + "=-XX:+PerfUtil%20-XX:PerfUtilEvents=task-clock,context-switches%20-XX:PerfUtilOutput=" + csv);
        assertCounted(csv, r);
    }

    @Test
    void javaToolOptionsCarryTheCommaForm() throws Exception {
        Path csv = tmp.resolve("tool options.csv");
        String encoded = csv.toString().replace(" ", "%20");
        Run r = java(Map.of("JAVA_TOOL_OPTIONS", "-Xmx256m -javaagent:" + agentJar
                + "=+PerfUtil,PerfUtilEvents=task-clock,context-switches,PerfUtilOutput=" + encoded));
        assertTrue(r.err().contains("Picked up JAVA_TOOL_OPTIONS"), r.err());
        assertCounted(csv, r);
    }

    @Test
    void aMisspeltFlagIsNamedAsTypedAndTheApplicationRuns() throws Exception {
        Run r = java(Map.of(), "-javaagent:" + agentJar + "=-XX:+PerfUtl%20-XX:PerfUtilInterval=200");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("unknown NUMA flag -XX:+PerfUtl;") && r.err().contains("did you mean -XX:+PerfUtil"), r.err());
        assertTrue(Files.exists(tmp.resolve("args.txt")), "the application ran");
    }
}
