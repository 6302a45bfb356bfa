package com.numa.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.provenance.CompletionMarker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Spark job on a local standalone cluster: a Master, a Worker and two executor JVMs of one core each, the
 * recipe of docs/spark.md. Under PerfUtil and the profiler (one {@code -javaagent} string through
 * {@code spark.executor.extraJavaOptions}, outputs named with {@code %p}) every executor writes its own files, the
 * driver its own, {@code numa merge} makes one report of them, and the job computes what it computes without the
 * agent.
 */
@Tag("spark")
class SparkClusterIT {
    private static final Duration JOB_LIMIT = Duration.ofMinutes(4);

    @TempDir
    static Path dir;
    private static Path lib;
    private static StandaloneCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        lib = SparkRuns.sparkLib();
        cluster = new StandaloneCluster(lib, dir.resolve("cluster"), 2);
    }

    @AfterAll
    static void stopCluster() throws InterruptedException, IOException {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void everyExecutorWritesItsOwnOutputsAndTheResultIsTheSameAsWithoutTheAgent() throws Exception {
        ChildRun without = submit(null, List.of());
        assertEquals(0, without.exitCode(), without::diagnostics);
        cluster.awaitExecutorsGone(Duration.ofMinutes(1));

        Path out = Files.createDirectories(dir.resolve("outputs"));
        String executorAgent = "-javaagent:" + SparkRuns.agentJar() + "=PerfUtil,PerfUtilOutput=" + out
                + "/executor-%p.csv,NUMAProfiler,NUMAProfilerSampling=64,NUMAProfilerQuiet,NUMAProfilerOutput=" + out
                + "/profile-%p";
        ChildRun with = submit(List.of("-XX:+PerfUtil", "-XX:PerfUtilOutput=" + out + "/driver-%p.csv"),
                List.of("--conf", "spark.executor.extraJavaOptions=" + executorAgent));
        assertEquals(0, with.exitCode(), with::diagnostics);
        cluster.awaitExecutorsGone(Duration.ofMinutes(1));

        assertEquals(SparkRuns.checksum(without.stdout()), SparkRuns.checksum(with.stdout()),
                "the job's result under the agent");
        assertTrue(SparkRuns.checksum(with.stdout()).startsWith("checksum="), with::diagnostics);

        List<Path> executorCsvs = files(out, "executor-");
        assertEquals(2, executorCsvs.size(), () -> "one PerfUtil file per executor JVM: " + executorCsvs + "\n" + log());
        for (Path csv : executorCsvs) {
            String text = Files.readString(csv);
            assertTrue(text.contains("Executor task launch worker"), () -> csv + " counts the executor's task threads\n"
                    + text.lines().limit(20).toList());
        }
        List<Path> profiles = files(out, "profile-");
        assertEquals(2, profiles.size(), () -> "one profile per executor JVM: " + profiles);
        for (Path p : profiles) {
            assertTrue(Files.isRegularFile(p.resolve("threads.csv")), () -> p + " holds threads.csv");
            assertTrue(Files.readString(p.resolve("threads.csv")).contains("Executor task launch worker"), p::toString);
        }
        List<Path> driver = files(out, "driver-");
        assertEquals(1, driver.size(), () -> "the driver's own file: " + driver);
        List<String> pids = new ArrayList<>();
        Stream.concat(executorCsvs.stream(), driver.stream())
                .forEach(f -> pids.add(f.getFileName().toString().replaceAll("\\D", "")));
        assertEquals(3, pids.stream().distinct().count(), () -> "three JVMs, three pids: " + pids);
        assertFalse(Files.readString(driver.get(0)).contains("Executor task launch worker"),
                "in cluster mode the driver runs no task");
        // numa merge of the driver's and the executors' files: one report, a row for the job and one per JVM
        Path merged = dir.resolve("merged");
        ChildRun m = ChildJvm.current().options("-jar", SparkRuns.agentJar().toString())
                .launch(List.of("merge", "--out", merged.toString(), out.toString())).timeout(Duration.ofMinutes(2)).run();
        assertEquals(0, m.exitCode(), m::diagnostics);
        assertTrue(Files.isRegularFile(merged.resolve("report.md")), m::diagnostics);
        List<String> jvms = Files.readAllLines(merged.resolve("jvms.csv"));
        assertEquals(4, jvms.size(), () -> "header, the driver and two executors: " + jvms + "\n" + m.diagnostics());
        List<String> table2 = Files.readAllLines(merged.resolve("table2_parallelism.csv"));
        assertTrue(table2.get(1).startsWith("application,"), () -> String.join("\n", table2));
        assertEquals(5, table2.size(), () -> "the job and its three JVMs: " + String.join("\n", table2));
    }

    /** Runs LogRegressionDriver through SparkSubmit in client mode on the cluster, the driver under {@code driverFlags}. */
    private static ChildRun submit(List<String> driverFlags, List<String> sparkOptions) throws IOException {
        List<String> args = new ArrayList<>(List.of("--master", cluster.url(), "--deploy-mode", "client",
                "--class", LogRegressionDriver.class.getName(),
                "--conf", "spark.executor.cores=1", "--conf", "spark.cores.max=2", "--conf", "spark.executor.memory=512m",
                // both executors registered before the first task, so both run tasks
                "--conf", "spark.scheduler.minRegisteredResourcesRatio=1.0",
                "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.driver.bindAddress=127.0.0.1"));
        args.addAll(sparkOptions);
        args.add(lib.resolve("spark-drivers.jar").toString());
        args.addAll(SparkRuns.SHORT_RUN);
        ChildJvm driver = ChildJvm.current().directory(Files.createDirectories(dir.resolve("driver")))
                .launch(SparkRuns.javaArguments(lib, SparkRuns.numaClasses(), "org.apache.spark.deploy.SparkSubmit",
                        args))
                .timeout(JOB_LIMIT);
        if (driverFlags != null) {
            driver.agent(SparkRuns.agentJar(), driverFlags);
        }
        return driver.run();
    }

    /** The outputs named {@code prefix...}, without their completion markers ({@code <file>.complete}). */
    private static List<Path> files(Path dir, String prefix) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.getFileName().toString().startsWith(prefix) && !f.toString().endsWith(CompletionMarker.SUFFIX))
                    .sorted().toList();
        }
    }

    private static String log() {
        try {
            return cluster.workerLog();
        } catch (IOException e) {
            return e.toString();
        }
    }
}
