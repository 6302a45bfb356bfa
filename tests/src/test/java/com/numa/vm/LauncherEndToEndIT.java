package com.numa.vm;

import com.numa.perfutil.topology.MachineTopology;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.topology.NumaTopology;
import com.numa.vm.NumaCommand.Result;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged numa-agent.jar and bin/numa as a user runs them: separate JVMs via ProcessBuilder, on the java that
 * runs the tests (JAVA_HOME is set to it, so a JDK 25 test run exercises JDK 25 end to end).
 */
class LauncherEndToEndIT {
    private static final long TIMEOUT_S = 120;

    private static Path agentJar;
    private static Path numaScript;
    private static String testClasses;

    @TempDir
    Path tmp;

    @BeforeAll
    static void locate() {
        agentJar = Path.of(System.getProperty("numa.agent.jar"));
        numaScript = Path.of(System.getProperty("numa.home"), "bin", "numa");
        assertTrue(Files.isRegularFile(agentJar), "run with mvn verify: no agent jar at " + agentJar);
        testClasses = Path.of(NamedThreadsProgram.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
    }

    private Result run(List<String> command) throws Exception {
        return NumaCommand.exec(tmp, "command", Path.of(System.getProperty("java.home")), Duration.ofSeconds(TIMEOUT_S),
                command);
    }

    private Result numa(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(numaScript.toString(), "vm"));
        cmd.addAll(List.of(args));
        return run(cmd);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    @Test
    void printNumaFlagsFromThePackagedJar() throws Exception {
        Result r = run(List.of(java(), "-jar", agentJar.toString(), "vm", "-XX:+PrintNUMAFlags"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("flag "), r.out());
        assertTrue(r.out().contains("PerfUtilEvents") && r.out().contains("task-clock,context-switches"), r.out());
    }

    @Test
    void unknownFlagExitsTwoWithoutStartingTheApplication() throws Exception {
        Path record = tmp.resolve("args.txt");
        Result r = numa("-XX:PerfUtilEvnts=cycles", "-cp", testClasses, NamedThreadsProgram.class.getName(), record.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("unknown NUMA flag -XX:PerfUtilEvnts") && r.err().contains("-XX:PerfUtilEvents"), r.err());
        assertFalse(Files.exists(record), "the application must not have started");
    }

    @Test
    void javaOptionsAndApplicationArgumentsPassUntouchedAndExitCodeComesBack() throws Exception {
        Path record = tmp.resolve("args.txt");
        List<String> appArgs = List.of(record.toString(), "-XX:+PerfUtil", "-XX:NoSuchFlag=1", "two words", "exit=3", "millis=10");
        List<String> args = new ArrayList<>(List.of("-XX:+UseNUMA", "-Dnuma.e2e=yes", "-cp", testClasses,
                NamedThreadsProgram.class.getName()));
        args.addAll(appArgs);
        Result r = numa(args.toArray(String[]::new));
        assertEquals(3, r.exit(), r.err());
        assertEquals(appArgs.subList(1, appArgs.size()), Files.readAllLines(record));
        assertFalse(Files.exists(tmp.resolve("perfutil.csv")), "-XX:+PerfUtil after the main class is the application's");
        assertFalse(r.err().contains("numa:"), r.err());
    }

    @Test
    void agentWithABadFlagReportsAndLetsTheApplicationRun() throws Exception {
        Path record = tmp.resolve("args.txt");
        Result r = run(List.of(java(), "-javaagent:" + agentJar + "=-XX:PerfUtilScope=galaxy", "-cp", testClasses,
                NamedThreadsProgram.class.getName(), record.toString(), "millis=10"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.exists(record));
        assertTrue(r.err().contains("numa: bad flag") && r.err().contains("[thread, core, both]"), r.err());
    }

    @Test
    void perfUtilWritesTheProgramsOwnThreadNames() throws Exception {
        Path record = tmp.resolve("args.txt");
        Path csv = tmp.resolve("out dir/counters.csv");
        Result r = numa("-XX:+PerfUtil", "-XX:PerfUtilEvents=task-clock,context-switches", "-XX:PerfUtilInterval=50",
                "-XX:PerfUtilOutput=" + csv, "-cp", testClasses, NamedThreadsProgram.class.getName(), record.toString(),
                "millis=600");
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.isRegularFile(csv), "no CSV; stderr: " + r.err());
        List<CSVRecord> rows = read(csv);
        Set<String> threads = rows.stream().filter(x -> x.get("scope").equals("thread")).map(x -> x.get("thread"))
                .collect(Collectors.toSet());
        assertTrue(threads.containsAll(NamedThreadsProgram.WORKERS), "threads in CSV: " + threads);
        assertTrue(rows.stream().anyMatch(x -> x.get("role").equals("main")), "main thread registered");
        for (String worker : NamedThreadsProgram.WORKERS) {
            CSVRecord clock = rows.stream().filter(x -> x.get("thread").equals(worker) && x.get("event").equals("task-clock"))
                    .findFirst().orElseThrow();
            assertEquals("application", clock.get("role"));
            // a worker spins for 600 ms of wall time; on a loaded 2-core machine it may get little of it, but not < 1 ms
            assertTrue(Long.parseLong(clock.get("raw")) > 1_000_000L, worker + " task-clock " + clock.get("raw"));
            assertEquals("100.00", clock.get("coverage_pct"), "software events are never multiplexed out");
        }
        assertTrue(r.err().contains("PerfUtil summary") && r.err().contains("e2e-worker-alpha"), r.err());
    }

    @Test
    void featureFlagsReachTheOptimizerAndTheProfiler() throws Exception {
        Path record = tmp.resolve("args.txt");
        Result opt = numa("-XX:NUMATopology=2", "-XX:+NUMAOpts", "-XX:NUMAOptsInterval=50", "-cp", testClasses,
                NamedThreadsProgram.class.getName(), record.toString(), "millis=200");
        assertEquals(0, opt.exit(), opt.err());
        assertTrue(opt.err().contains("numa: NUMAOpts: started on emulated topology, 2 node(s)"), opt.err());

        Path profile = tmp.resolve("profile-out");
        Result prof = numa("-XX:+NUMAProfiler", "-XX:-NUMAProfilerInstrumentJDK", "-XX:NUMAProfilerOutput=" + profile,
                "-cp", testClasses, NamedThreadsProgram.class.getName(), record.toString(), "millis=50");
        assertEquals(0, prof.exit(), prof.err());
        assertTrue(prof.err().contains("numa: NUMAProfiler:") && Files.exists(profile), prof.err());
    }

    @Test
    void unresolvableTopologyStopsTheLauncherAndTurnsFeaturesOffInTheAgent() throws Exception {
        Path record = tmp.resolve("args.txt");
        Result launched = numa("-XX:NUMATopology=0/4096", "-XX:+NUMAOpts", "-cp", testClasses,
                NamedThreadsProgram.class.getName(), record.toString(), "millis=10", "exit=4");
        assertEquals(2, launched.exit(), launched.err());
        assertTrue(launched.err().startsWith("numa: bad -XX:NUMATopology=0/4096"), launched.err());
        assertFalse(Files.exists(record));
        // the agent alone (no launcher to check first) still never takes the application down
        Result r = run(List.of(java(), "-javaagent:" + agentJar + "=-XX:NUMATopology=0/4096 -XX:+NUMAOpts", "-cp",
                testClasses, NamedThreadsProgram.class.getName(), record.toString(), "millis=10", "exit=4"));
        assertEquals(4, r.exit(), r.err());
        assertTrue(r.err().contains("numa: NUMATopology: cannot resolve -XX:NUMATopology=0/4096"), r.err());
        assertTrue(r.err().contains("numa: NUMAOpts: no NUMA topology"), r.err());
        assertTrue(Files.exists(record));
    }

    @Test
    void coreScopeWritesOneRowPerCpuAndEventWithItsPseudoNode() throws Exception {
        Path record = tmp.resolve("args.txt");
        Path csv = tmp.resolve("both.csv");
        Result r = numa("-XX:+PerfUtil", "-XX:PerfUtilScope=both", "-XX:NUMATopology=2", "-XX:PerfUtilEvents=task-clock",
                "-XX:PerfUtilInterval=50", "-XX:PerfUtilOutput=" + csv, "-cp", testClasses,
                NamedThreadsProgram.class.getName(), record.toString(), "millis=300");
        assertEquals(0, r.exit(), r.err());
        List<CSVRecord> cores = read(csv).stream().filter(x -> x.get("scope").equals("core")).toList();
        if (cores.isEmpty()) {
            // without root / CAP_PERFMON / perf_event_paranoid <= 0 per-core counters are refused: said once, thread rows stay
            assertTrue(r.err().contains("PerfUtil core scope:") && r.err().contains("per-core counting is off"), r.err());
            assertTrue(read(csv).stream().anyMatch(x -> x.get("scope").equals("thread")));
            return;
        }
        NumaTopology two = MachineTopology.fromSpec("2");
        assertEquals(two.usableCpus().size(), cores.size(), "one task-clock row per usable CPU: " + cores);
        for (CSVRecord c : cores) {
            int cpu = Integer.parseInt(c.get("cpu"));
            assertEquals(two.nodeOfCpu(cpu), Integer.parseInt(c.get("node")), "node of cpu " + cpu);
            assertTrue(Long.parseLong(c.get("raw")) > 0, "a CPU of a running machine ticks: " + c);
            assertEquals("", c.get("tid"));
        }
        assertTrue(r.err().contains("PerfUtil counted " + cores.size() + " CPU(s)"), r.err());
    }

    /**
     * One run with PerfUtil, the profiler and the optimizer: every thread that appears in both perfutil.csv and the
     * profiler's threads.csv has the same role in both (one rule, one main thread), and the optimizer, which reads the
     * same thread inventory, saw the same main thread (its log names the main thread's node).
     */
    @Test
    void whatTheLauncherCanCheckStopsTheRunWithOneLine() throws Exception {
        // finding 6: each of these exited 0 and turned a feature off (or lost its output) inside the JVM
        String app = NamedThreadsProgram.class.getName();
        String record = tmp.resolve("args.txt").toString();
        String[][] bad = {
            {"-XX:+NUMAOpts", "-XX:NUMATopology=" + (Runtime.getRuntime().availableProcessors() + 1)},
            {"-XX:+PerfUtil", "-XX:PerfUtilEvents=task-clok"},
            {"-XX:+PerfUtil", "-XX:PerfUtilOutput=/proc/nope"},
            {"-XX:+NUMAProfiler", "-XX:NUMAProfilerOutput=/proc/nope"},
            {"-XX:+NUMAOpts", "-XX:NUMAOptsLog=/proc/nope/log.csv"},
        };
        for (String[] flags : bad) {
            List<String> args = new ArrayList<>(List.of(flags));
            args.addAll(List.of("-cp", testClasses, app, record));
            Result r = numa(args.toArray(String[]::new));
            assertEquals(2, r.exit(), String.join(" ", flags) + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(flags[1].substring(0, flags[1].indexOf('='))), r.err());
        }
        assertFalse(Files.exists(tmp.resolve("args.txt")), "the application never started");
        Result r = numa("-XX:+PerfUtil", "-XX:PerfUtilEvents=task-clok", "-cp", testClasses, app, record);
        assertTrue(r.err().contains("did you mean task-clock"), r.err());
    }

    @Test
    void aHardwareEventTheMachineCannotCountIsAWarningAndTheRunGoesOn() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(com.numa.perfutil.events.PmuCatalog.system().hasCorePmu(),
                "this machine counts cycles");
        Path perf = tmp.resolve("perfutil.csv");
        Result r = numa("-XX:+PerfUtil", "-XX:PerfUtilEvents=cycles,task-clock", "-XX:PerfUtilOutput=" + perf, "-cp",
                testClasses, NamedThreadsProgram.class.getName(), tmp.resolve("args.txt").toString(), "millis=50");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("numa: warning: PerfUtil: cycles: not counted") && r.err().contains("task-clock"), r.err());
        assertTrue(Files.exists(perf));
    }

    @Test
    void aMistypedMainClassWritesNothingAndKeepsThePreviousRunsFiles() throws Exception {
        // finding 6: perfutil.csv was written over the previous run's
        Path perf = Files.writeString(tmp.resolve("perfutil.csv"), "the previous run");
        Path profile = tmp.resolve("profile");
        Result r = numa("-XX:+PerfUtil", "-XX:PerfUtilOutput=" + perf, "-XX:+NUMAProfiler", "-XX:NUMAProfilerOutput=" + profile,
                "-cp", testClasses, "com.numa.vm.NoSuchMainClass");
        assertEquals(1, r.exit(), r.err());
        assertEquals("the previous run", Files.readString(perf));
        assertFalse(Files.exists(profile.resolve("summary.json")), r.err());
        assertTrue(r.err().contains("the application did not start"), r.err());
    }

    @Test
    void aStartMethodNeverEnteredIsWarnedAtExit() throws Exception {
        // finding 6: "0 accesses" and no word about the misspelt method
        Result r = numa("-XX:+NUMAProfiler", "-XX:-NUMAProfilerInstrumentJDK", "-XX:NUMAProfilerOutput=" + tmp.resolve("p"),
                "-XX:NUMAProfilerStartAt=com.numa.vm.NamedThreadsProgram.foo", "-cp", testClasses,
                NamedThreadsProgram.class.getName(), tmp.resolve("args.txt").toString(), "millis=50");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("-XX:NUMAProfilerStartAt=com.numa.vm.NamedThreadsProgram.foo was never entered"), r.err());
    }

    @Test
    void attachToARunningJvmStartsPerfUtilWithTheRealMainThread() throws Exception {
        // finding 8: through the Attach API "Attach Listener" became main and the real main thread application
        Path pid = tmp.resolve("pid");
        Path perf = tmp.resolve("attached.csv");
        java.util.concurrent.CompletableFuture<com.numa.core.child.ChildRun> child = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> {
                    try {
                        return com.numa.core.child.ChildJvm.on(com.numa.core.child.TargetJava.current()).classPath(testClasses)
                                .main(NamedThreadsProgram.class.getName(), List.of(tmp.resolve("args.txt").toString(),
                                        "millis=300", "pid=" + pid, "hold=" + tmp.resolve("hold")))
                                .timeout(java.time.Duration.ofSeconds(TIMEOUT_S)).run();
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(pid) || Files.readString(pid).isEmpty()) {
            assertTrue(System.nanoTime() < deadline && !child.isDone(), "the child never wrote its pid");
            Thread.sleep(20);
        }
        Result nothing = run(List.of(numaScript.toString(), "attach", Files.readString(pid), "-XX:PerfUtilInterval=50"));
        assertEquals(2, nothing.exit(), nothing.err());
        assertTrue(nothing.err().startsWith("numa: no feature enabled: add "), nothing.err());
        // the agent grammar on the attach command line; the target's own report comes back to the attaching process
        Result r = run(List.of(numaScript.toString(), "attach", Files.readString(pid),
                "PerfUtil,PerfUtilInterval=50,PerfUtilOutput=" + perf));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("numa: process " + Files.readString(pid) + ": attached: started PerfUtil"), r.out());
        while (!Files.exists(perf) && System.nanoTime() < deadline) {
            Thread.sleep(20); // the first reading, in the target
        }
        Files.writeString(tmp.resolve("hold"), "done");
        com.numa.core.child.ChildRun done = child.get(TIMEOUT_S, TimeUnit.SECONDS);
        assertEquals(0, done.exitCode(), done.stderr());
        assertTrue(done.stderr().contains("numa: attached: started PerfUtil"), done.stderr());
        java.util.Map<String, String> roles = new java.util.HashMap<>();
        for (CSVRecord c : read(perf)) {
            if (c.get("scope").equals("thread")) {
                roles.put(c.get("thread"), c.get("role"));
            }
        }
        assertEquals("main", roles.get("main"), roles.toString());
        assertEquals("jvm-internal", roles.get("Attach Listener"), roles.toString());
        assertEquals("tool", roles.get("NUMA-PerfUtil-Sampler"), roles.toString());
        assertEquals(1, roles.values().stream().filter("main"::equals).count(), roles.toString());
    }

    @Test
    void attachToWhatIsNotAJvmIsOneLineAndExit1() throws Exception {
        Result r = run(List.of(numaScript.toString(), "attach", "999999999", "-XX:+PerfUtil"));
        assertEquals(1, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("numa: cannot attach to process 999999999"), r.err());
    }

    @Test
    void aRenamedMainThreadIsOneRowAndTheAgentsThreadsAreTools() throws Exception {
        // findings 4 and 5: main renamed to MainThread gave a stale main row, a MainThread row and a DestroyJavaVM row;
        // NUMA-PerfUtil-Sampler was profiled and labelled application
        Path perf = tmp.resolve("perfutil.csv");
        Path profile = tmp.resolve("profile");
        Result r = numa("-XX:+PerfUtil", "-XX:PerfUtilInterval=20", "-XX:PerfUtilOutput=" + perf, "-XX:+NUMAProfiler",
                "-XX:NUMAProfilerOutput=" + profile, "-cp", testClasses, NamedThreadsProgram.class.getName(),
                tmp.resolve("args.txt").toString(), "rename=MainThread", "millis=400");
        assertEquals(0, r.exit(), r.err());
        List<CSVRecord> rows = read(perf).stream().filter(c -> c.get("scope").equals("thread")
                && c.get("event").equals("task-clock")).toList();
        List<CSVRecord> main = rows.stream().filter(c -> c.get("role").equals("main")).toList();
        assertEquals(1, main.size(), "one main row: " + main);
        assertEquals("MainThread", main.get(0).get("thread"));
        assertEquals("main", main.get(0).get("previous_names"));
        assertEquals(1, r.err().lines().filter(l -> l.contains(" main") && l.contains("MainThread")).count(), r.err());
        for (CSVRecord c : read(profile.resolve("threads.csv"))) {
            boolean ours = c.get("name").startsWith("NUMA") || c.get("name").equals("JNA Cleaner");
            assertEquals(ours, c.get("role").equals("tool"), "thread " + c.get("name") + " is " + c.get("role"));
            if (ours) {
                assertEquals("0", c.get("reads"), c.get("name"));
                assertEquals("0", c.get("writes"), c.get("name"));
            }
        }
    }

    @Test
    void theSameThreadHasTheSameRoleInEveryFeaturesOutput() throws Exception {
        Path profile = tmp.resolve("profile");
        Path perf = tmp.resolve("perfutil.csv");
        Result r = numa("-XX:NUMATopology=2", "-XX:+PerfUtil", "-XX:PerfUtilInterval=50", "-XX:PerfUtilOutput=" + perf,
                "-XX:+NUMAProfiler", "-XX:-NUMAProfilerInstrumentJDK", "-XX:NUMAProfilerOutput=" + profile,
                "-XX:+NUMAOpts", "-XX:NUMAOptsInterval=50", "-XX:NUMAOptsLog=" + tmp.resolve("opt.csv"),
                "-cp", testClasses, com.numa.testing.apps.SharingWorkersProgram.class.getName(), "600");
        assertEquals(0, r.exit(), r.err());
        java.util.Map<String, String> perfRoles = new java.util.HashMap<>();
        for (CSVRecord c : read(perf)) {
            if (c.get("scope").equals("thread")) {
                perfRoles.put(c.get("tid"), c.get("role"));
                if (c.get("thread").startsWith("NUMA-") || c.get("thread").equals("JNA Cleaner")) {
                    assertEquals("tool", c.get("role"), "the agent's own thread " + c.get("thread"));
                }
            }
        }
        assertTrue(read(perf).stream().anyMatch(c -> c.get("thread").equals("NUMA-PerfUtil-Sampler")
                && c.get("role").equals("tool")), "PerfUtil's sampler is a tool thread");
        for (CSVRecord c : read(profile.resolve("threads.csv"))) {
            if (c.get("role").equals("tool")) {
                assertEquals("0", c.get("reads"), "the profiler counts nothing for " + c.get("name"));
                assertEquals("0", c.get("writes"), "the profiler counts nothing for " + c.get("name"));
            }
        }
        int compared = 0;
        for (CSVRecord c : read(profile.resolve("threads.csv"))) {
            String perfRole = perfRoles.get(c.get("tid"));
            if (perfRole != null) {
                assertEquals(perfRole, c.get("role"), "thread " + c.get("name") + " (tid " + c.get("tid") + ")");
                compared++;
            }
        }
        assertTrue(compared >= 3, "main and both workers are in both files: " + compared);
        assertTrue(read(profile.resolve("threads.csv")).stream().anyMatch(c -> c.get("role").equals("main")),
                "the profiler saw the main thread");
        assertTrue(r.err().contains("main thread on node"), r.err());
    }

    private static List<CSVRecord> read(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in).getRecords();
        }
    }
}
