package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The profiler must not change, break or hang the program it measures. Each program runs
 * without the agent and under it, in child JVMs; output and exit code must agree, within a time bound.
 */
class NumaProfilerSafetyIT {
    private static final String GT = "com.numa.profiler.groundtruth.";
    private static final Duration BOUND = Duration.ofSeconds(120);
    private static final String HEADER_WORD = "numa$headerWord";
    /** JDK classes the profiler rewrites: retransformed (already loaded) and instrumented as they load. */
    private static final String RETRANSFORM =
            "-XX:NUMAProfilerRetransform=java.util.HashMap*,java.util.ArrayList*,java.util.concurrent.ConcurrentHashMap*";
    /** What numa characterize and numa diagnose profile: java.util.* and java.util.concurrent.** retransformed. */
    private static final String PROGRAM_COVERAGE = "-XX:NUMAProfilerCoverage=program";
    private static final List<String> PROBED = List.of(GT + "Box", GT + "AllKindsOfAccess", GT + "HashMapProgram",
            GT + "TakingTurnsProgram", GT + "ThreadStartupProgram", GT + "nodes.NamedNode", GT + "nodes.BaseNode",
            "java.util.HashMap", "java.util.ArrayList", "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.ConcurrentSkipListMap", "java.util.PriorityQueue", "java.util.concurrent.Exchanger",
            "java.util.concurrent.Phaser", "java.util.concurrent.LinkedTransferQueue");

    private static ProfiledJvm.Result profiled(String name, List<String> flags, String main, String... args)
            throws IOException {
        List<String> all = new ArrayList<>(List.of("-XX:+NUMAProfilerQuiet"));
        all.addAll(flags);
        ProfiledJvm.Result r = ProfiledJvm.run(name, List.of("-XX:+UnlockDiagnosticVMOptions",
                "-XX:+BytecodeVerificationLocal"), all, BOUND, GT + main, args);
        assertEquals(0, r.exitCode(), r.diagnostics());
        assertFalse(r.stderr().contains("numa: NUMAProfiler:"), "profiler reported a problem:\n" + r.diagnostics());
        return r;
    }

    private static ChildRun plain(String main, String... args) throws IOException {
        ChildRun r = ProfiledJvm.runWithoutAgent(BOUND, GT + main, args);
        assertEquals(0, r.exitCode(), r.diagnostics());
        return r;
    }

    /** The probe's output without the header word's lines; {@code carriers} gets the classes that had it. */
    private static String withoutHeaderWord(String probe, List<String> carriers) {
        StringBuilder kept = new StringBuilder();
        String current = "";
        for (String line : probe.split("\n")) {
            if (line.startsWith("== ")) {
                current = line.substring(3);
            }
            if (line.startsWith("declaredField ") && line.contains(HEADER_WORD)) {
                assertTrue(line.contains("private transient long ") && line.endsWith("synthetic=true"), line);
                carriers.add(current);
                continue;
            }
            kept.append(line).append('\n');
        }
        return kept.toString();
    }

    @Test
    void reflectionAndSerializationSeeTheSameClassesWithAndWithoutTheAgent() throws Exception {
        String[] classes = PROBED.toArray(String[]::new);
        String expected = plain("ReflectionProbe", classes).stdout();
        assertFalse(expected.contains(HEADER_WORD), expected);
        for (List<String> flags : List.of(List.of(RETRANSFORM),
                List.of(RETRANSFORM, "-XX:NUMAProfilerSampling=64", "-XX:NUMAProfilerAccesses=all"),
                List.of(PROGRAM_COVERAGE, "-XX:NUMAProfilerSampling=16"))) {
            ProfiledJvm.Result r = profiled("reflection-" + flags.size() + flags.get(0).length(), flags, "ReflectionProbe",
                    classes);
            List<String> carriers = new ArrayList<>();
            assertEquals(expected, withoutHeaderWord(r.stdout(), carriers), "flags " + flags);
            // The comparison covers instrumented classes: ours, and JDK classes instrumented as they loaded.
            assertTrue(carriers.contains(GT + "Box") && carriers.contains(GT + "nodes.BaseNode"), "carriers " + carriers);
            assertTrue(carriers.stream().anyMatch(c -> c.startsWith("java.util.concurrent.")), "carriers " + carriers);
            assertFalse(carriers.contains("java.util.HashMap"), "retransformation adds no member: " + carriers);
            assertTrue(r.summary("classes_transformed") > 0);
        }
    }

    @Test
    void aProgramCallingEveryPublicGetterByReflectionBehavesAsWithoutTheAgent() throws Exception {
        String expected = plain("PublicGettersProgram").stdout();
        assertEquals(expected, profiled("public-getters", List.of(), "PublicGettersProgram").stdout());
        assertEquals(expected, profiled("public-getters-sampled", List.of("-XX:NUMAProfilerSampling=64"),
                "PublicGettersProgram").stdout());
    }

    @Test
    void newThreadsThatLoadClassesInsideInstrumentedJdkCodeFinishWithTheSameOutput() throws Exception {
        String expected = plain("ThreadStartupProgram").stdout();
        ProfiledJvm.Result retransform = profiled("startup-retransform", List.of(
                "-XX:NUMAProfilerRetransform=java.util.concurrent.ConcurrentHashMap*"), "ThreadStartupProgram");
        assertEquals(expected, retransform.stdout(), retransform.diagnostics());
        ProfiledJvm.Result jdk = profiled("startup-jdk", List.of(), "ThreadStartupProgram");
        assertEquals(expected, jdk.stdout(), jdk.diagnostics());
        ProfiledJvm.Result program = profiled("startup-program", List.of(PROGRAM_COVERAGE), "ThreadStartupProgram");
        assertEquals(expected, program.stdout(), program.diagnostics());
        ProfiledJvm.Result sampled = profiled("startup-sampled", List.of(
                "-XX:NUMAProfilerRetransform=java.util.concurrent.ConcurrentHashMap*", "-XX:NUMAProfilerSampling=64"),
                "ThreadStartupProgram");
        assertEquals(expected, sampled.stdout(), sampled.diagnostics());
        assertEquals(0, sampled.summary("hooks_out_of_stack"));
    }

    /** Starts the never-ending program, waits for it to run, then signals it as {@code signal} does. */
    private static Process started(String name, List<String> flags) throws Exception {
        List<String> all = new ArrayList<>(List.of(
                "-XX:NUMAProfilerRetransform=java.util.concurrent.ConcurrentHashMap*"));
        all.addAll(flags);
        Process p = ProfiledJvm.start(name, all, GT + "RunsForeverProgram");
        Path out = ProfiledJvm.outputRoot().resolve(name + ".out");
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!(Files.exists(out) && Files.readString(out).contains("started"))) {
            assertTrue(p.isAlive() && System.nanoTime() < deadline, "the program did not start");
            Thread.sleep(100);
        }
        Thread.sleep(500);
        return p;
    }

    private static void assertProfileWritten(String name) throws IOException {
        Path dir = ProfiledJvm.outputRoot().resolve(name);
        for (String f : List.of("summary.json", "threads.csv", "sites.csv")) {
            assertTrue(Files.isRegularFile(dir.resolve(f)), f + " in " + dir);
        }
        String threads = Files.readString(dir.resolve("threads.csv"));
        assertTrue(threads.contains(",main,"), threads);
        assertFalse(threads.contains("NUMA-"), "the profiler's own threads are not profiled:\n" + threads);
    }

    private static void signal(Process p, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start();
        assertEquals(0, kill.waitFor());
    }

    /**
     * Whether this JVM was started with SIGINT ignored (a background job of a shell without job control, nohup): the
     * JVMs it starts inherit that, and a JVM does not take a signal it was started ignoring, so SIGINT cannot stop them.
     */
    private static boolean sigintIgnoredFromTheStart() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (2 - 1))) != 0;
            }
        }
        return false;
    }

    @Test
    void sigtermAndSigintWriteTheProfileWithinSeconds() throws Exception {
        List<String> signals = sigintIgnoredFromTheStart() ? List.of("TERM") : List.of("TERM", "INT");
        if (signals.size() == 1) {
            System.err.println("SIGINT is ignored by this test JVM (inherited), so only SIGTERM is sent");
        }
        for (String sig : signals) {
            String name = "signal-" + sig;
            Process p = started(name, List.of());
            signal(p, sig);
            assertTrue(p.waitFor(15, TimeUnit.SECONDS), "SIG" + sig + ": still running 15 s later");
            assertProfileWritten(name);
        }
    }

    @Test
    void periodicDumpsLeaveTheLastProfileOfAKilledRun() throws Exception {
        String name = "sigkill-dumps";
        Process p = started(name, List.of("-XX:NUMAProfilerDumpInterval=1"));
        Path summary = ProfiledJvm.outputRoot().resolve(name).resolve("summary.json");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!Files.exists(summary)) {
            assertTrue(p.isAlive() && System.nanoTime() < deadline, "no periodic dump within 30 s");
            Thread.sleep(200);
        }
        Thread.sleep(1500); // at least one more dump, so that one may be cut off by the kill
        p.destroyForcibly();
        assertTrue(p.waitFor(15, TimeUnit.SECONDS));
        assertProfileWritten(name);
        assertTrue(Files.readString(summary).contains("\"problems\""), Files.readString(summary));
    }
}
