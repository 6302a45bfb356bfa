package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.provenance.CompletionMarker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs of one application on one host, as Spark runs its executors: the same agent options with {@code %p}
 * outputs, PerfUtil, the profiler and NUMAOpts (made to confine, on two emulated nodes), each stopped with SIGTERM
 * (Process.destroy on Linux). Each leaves whole files with their completion markers and its exit summaries on stderr;
 * the two confine themselves to different nodes through the host's node leases; {@code numa merge} of their outputs
 * gives one report with a row per JVM and one for the application.
 */
class ManyJvmsEndToEndIT {

    @Test
    void twoJvmsStoppedWithSigtermLeaveCompleteFilesOnDifferentNodesAndMergeIntoOneReport(@TempDir Path tmp)
            throws Exception {
        Path agentJar = Path.of(System.getProperty("numa.agent.jar"));
        assertTrue(Files.isRegularFile(agentJar), "run with mvn verify: no agent jar at " + agentJar);
        Path out = tmp.resolve("out");
        Path leases = tmp.resolve("node-leases");
        String options = "+PerfUtil,PerfUtilOutput=" + out + "/perf-%p.csv,PerfUtilEvents=task-clock,"
                + "+NUMAProfiler,NUMAProfilerOutput=" + out + "/profile-%p,"
                + "+NUMAOpts,NUMATopology=2,NUMAOptsFake,NUMAOptsStartDelay=0,NUMAOptsLog=" + out + "/opt-%p.csv,"
                + "NUMAOptsLeases=" + leases + ",NUMALabel=svc-%p";
        String classes = Path.of(ServiceProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> jvms = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                jvms.add(new ProcessBuilder(java, "-javaagent:" + agentJar + "=" + options, "-cp", classes,
                        ServiceProgram.class.getName()).redirectOutput(tmp.resolve("out" + i + ".txt").toFile())
                        .redirectError(tmp.resolve("err" + i + ".txt").toFile()).start());
            }
            // both have confined themselves (each holds a lease), so each chose its node knowing of the other
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (leaseLines(leases) < 2 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(2, leaseLines(leases), "both JVMs confine themselves: " + Files.readString(tmp.resolve("err0.txt")));
            for (Process p : jvms) {
                p.destroy(); // SIGTERM
            }
            for (Process p : jvms) {
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "a stopped JVM exits within its features' exit bounds");
                assertEquals(143, p.exitValue(), "ended by SIGTERM");
            }
        } finally {
            jvms.forEach(Process::destroyForcibly);
        }

        assertEquals(0, leaseLines(leases), "each JVM gave its node lease back at exit");
        List<String> cpus = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            long pid = jvms.get(i).pid();
            String err = Files.readString(tmp.resolve("err" + i + ".txt"));
            assertTrue(err.contains("numa: PerfUtil summary"), "PerfUtil's exit summary reaches stderr: " + err);
            assertTrue(err.contains("numa: NUMAProfiler: output in " + out.resolve("profile-" + pid)), err);
            for (Path file : List.of(out.resolve("perf-" + pid + ".csv"), out.resolve("profile-" + pid + "/summary.json"),
                    out.resolve("opt-" + pid + ".csv"))) {
                assertTrue(Files.isRegularFile(file), file + " written");
                assertEquals(pid, CompletionMarker.read(file).orElseThrow(() -> new AssertionError("no marker of " + file))
                        .jvm().pid(), "marked complete by the JVM that wrote it");
            }
            String header = Files.readAllLines(out.resolve("perf-" + pid + ".csv")).get(0);
            assertTrue(header.endsWith(",epoch_ns,host,pid,jvm_start_epoch_ms,label"), header);
            List<String> log = Files.readAllLines(out.resolve("opt-" + pid + ".csv"));
            String pinned = log.stream().filter(l -> l.contains(",pin-single:node")).findFirst().orElseThrow();
            cpus.add(pinned.substring(pinned.indexOf("pin-single:node"), pinned.indexOf("pin-single:node") + 16));
        }
        assertNotEquals(cpus.get(0), cpus.get(1), "two JVMs of one host confine themselves to different nodes");
        String err0 = Files.readString(tmp.resolve("err0.txt"));
        String err1 = Files.readString(tmp.resolve("err1.txt"));
        if (mainNode(err0).equals(mainNode(err1))) {
            // both preferred their main thread's node: the second to confine was moved, and said so
            assertTrue((err0 + err1).contains("is held by another JVM on this host"), err0 + err1);
        }

        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Path merged = tmp.resolve("merged");
        int rc = Launcher.run(List.of("merge", out.toString(), "--out", merged.toString(), "--strict"),
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8),
                Map.of());
        String err = stderr.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, "every file is whole and of one run: " + err);
        assertTrue(err.contains("2 JVM(s), 6 file(s) merged"), err);
        List<String> table2 = Files.readAllLines(merged.resolve("table2_parallelism.csv"));
        assertEquals(4, table2.size(), "header, the application, one row per JVM: " + table2);
        assertTrue(table2.get(1).startsWith("application,task-clock,"), table2.get(1));
        for (Process p : jvms) {
            assertTrue(table2.stream().anyMatch(l -> l.startsWith("svc-" + p.pid() + ",")), table2.toString());
        }
        List<String> table4 = Files.readAllLines(merged.resolve("table4_sharing.csv"));
        assertEquals(4, table4.size(), table4.toString());
        List<String> roles = Files.readAllLines(merged.resolve("threads_by_role.csv"));
        assertTrue(roles.stream().anyMatch(l -> l.startsWith("application,application,4,")),
                "4 worker threads across the two JVMs: " + roles);
        assertEquals(3, Files.readAllLines(merged.resolve("numaopts.csv")).size());
        assertTrue(Files.readString(merged.resolve("report.md")).startsWith("# numa merge: 2 JVM(s) on 1 host(s)"));
    }

    /** The node the main thread started on, as NUMAOpts' first line says. */
    private static String mainNode(String err) {
        int at = err.indexOf("main thread on node ");
        assertTrue(at >= 0, err);
        return err.substring(at, at + "main thread on node ".length() + 1);
    }

    private static long leaseLines(Path leases) throws Exception {
        return Files.isRegularFile(leases) ? Files.readAllLines(leases).stream().filter(l -> !l.isBlank()).count() : 0;
    }
}
