package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.sharing.SharingDiagnosis;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/numa diagnose} as a user runs it, with the packaged agent: the ranked list, the files, bad input. */
class DiagnoseCommandEndToEndTest {
    private static final String GT = "com.numa.profiler.groundtruth.";
    private static Path numaScript;
    private static Path agentJar;
    private static String testClasses;

    @TempDir
    Path tmp;

    record Run(int exit, String out, String err) {
    }

    @BeforeAll
    static void locate() {
        agentJar = Path.of(System.getProperty("numa.agent.jar"));
        numaScript = Path.of(System.getProperty("numa.home"), "bin", "numa");
        assertTrue(Files.isRegularFile(agentJar), "run with mvn verify: no agent jar at " + agentJar);
        testClasses = Path.of(NamedThreadsProgram.class.getProtectionDomain().getCodeSource().getLocation().getPath())
                .toString();
    }

    private Run diagnose(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(numaScript.toString(), "diagnose"));
        cmd.addAll(List.of(args));
        Path out = tmp.resolve("stdout.txt");
        Path err = tmp.resolve("stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("NUMA_AGENT_JAR", agentJar.toString());
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void printsTheRankedIssuesAndWritesTheProfile() throws Exception {
        Path dir = tmp.resolve("diagnosis");
        Run r = diagnose("--top", "3", "--out", dir.toString(), "-XX:NUMAProfilerInclude=com.numa.profiler.groundtruth.**",
                "--", "-XX:NUMAProfilerDiagnoseThresholds=false-sharing=0.001,true-sharing=0.001",
                "-cp", Path.of(Class.forName(GT + "AdjacentFieldsProgram").getProtectionDomain().getCodeSource().getLocation()
                        .toURI()).toString(), GT + "AdjacentFieldsProgram");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("numa diagnose: "), r.out());
        assertTrue(r.out().matches("(?s).*\\n  1\\. (false|true)-sharing .*"), r.out());
        assertTrue(r.out().contains("false-sharing") && r.out().contains("AdjacentFieldsProgram$Adjacent"), r.out());
        assertTrue(r.out().contains("fields:   a@") && r.out().contains("advice:   pad the fields apart"), r.out());
        assertFalse(r.out().contains("  4. "), "--top 3:\n" + r.out());
        assertFalse(r.err().contains("numa: NUMAProfiler:"), "the profiler's own summary stays quiet:\n" + r.err());
        List<String> lines = Files.readAllLines(dir.resolve("issues.csv"));
        assertEquals(String.join(",", SharingDiagnosis.COLUMNS), lines.get(0));
        assertEquals(4, lines.size(), lines.toString()); // Adjacent's false sharing, the two turns' true sharing
        String summary = Files.readString(dir.resolve("summary.json"));
        assertTrue(summary.contains("\"diagnosis\"") && summary.contains("\"NUMAProfilerDiagnose\": \"true\""), summary);
        assertTrue(Files.isRegularFile(dir.resolve("sites.csv")));
    }

    @Test
    void badUsageIsOneLineAndExitTwo() throws Exception {
        String[][] cases = {
            {},
            {"--top", "0", "--", "-cp", ".", "Main"},
            {"--tpo", "3", "--", "-cp", ".", "Main"},
            {"-XX:NUMAProfilerDiagnoseThresholds=sharing=1", "--", "-cp", ".", "Main"},
            {"-XX:NUMATopology=99", "--", "-cp", ".", "Main"},
            {"--", "-XX:NUMAProfilerTop=1"},
        };
        String[] expected = {"no application given", "--top must be at least 1", "unknown option '--tpo'",
            "-XX:NUMAProfilerDiagnoseThresholds", "NUMATopology", "no application given"};
        for (int i = 0; i < cases.length; i++) {
            Run r = diagnose(cases[i]);
            assertEquals(2, r.exit(), String.join(" ", cases[i]) + "\n" + r.err());
            assertTrue(r.err().contains(expected[i]), String.join(" ", cases[i]) + "\n" + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.out().isEmpty(), r.out());
        }
    }

    @Test
    void anApplicationThatDoesNotStartWritesNoDiagnosis() throws Exception {
        Run r = diagnose("--out", tmp.resolve("none").toString(), "--", "-cp", testClasses, "no.such.Main");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("numa: diagnose: no diagnosis was written"), r.err());
        assertFalse(Files.exists(tmp.resolve("none").resolve("issues.csv")));
    }
}
