package com.numa.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code numa characterize} of a Spark job in local mode, given as a user gives it: spark-submit's main class and no
 * module flags. Characterize adds Spark's module options, measures over task execution, runs the job under PerfUtil
 * and under the profiler, and the job prints in every run what it prints without the agent; Table 2 counts Spark's
 * task threads as the workers.
 */
@Tag("spark")
class SparkCharacterizeIT {

    @Test
    void aSparkSubmitJobIsCharacterizedWithoutModuleFlagsOverItsTasks(@TempDir Path dir) throws Exception {
        Path lib = SparkRuns.sparkLib();
        String agent = SparkRuns.agentJar().toString();
        String harness = SparkRuns.numaClasses();
        List<String> job = List.of("--master", "local[2]", "--conf", "spark.ui.enabled=false",
                "--class", NaiveBayesDriver.class.getName(), lib.resolve("spark-drivers.jar").toString());
        List<String> jobArgs = new ArrayList<>(job);
        jobArgs.addAll(SparkRuns.SHORT_RUN);
        ChildRun without = ChildJvm.current().launch(SparkRuns.javaArguments(lib, harness,
                "org.apache.spark.deploy.SparkSubmit", jobArgs)).timeout(Duration.ofMinutes(3)).run();
        assertEquals(0, without.exitCode(), without::diagnostics);
        String reference = SparkRuns.checksum(without.stdout());
        assertTrue(reference.startsWith("checksum="), without::diagnostics);

        Path out = dir.resolve("characterization");
        List<String> command = new ArrayList<>(List.of("-jar", agent, "characterize", "--quick", "--configs", "single",
                "--threads", "2", "--name", "spark-naive-bayes", "--out", out.toString(), "--",
                "-cp", lib + "/*:" + harness, "org.apache.spark.deploy.SparkSubmit"));
        command.addAll(job);
        command.addAll(SparkRuns.SHORT_RUN);
        assertFalse(command.stream().anyMatch(a -> a.startsWith("--add-opens")), "the user gives no module flags");
        ChildRun r = ChildJvm.current().launch(command).timeout(Duration.ofMinutes(8)).run();
        assertEquals(0, r.exitCode(), r::diagnostics);

        String json = Files.readString(out.resolve("characterization.json"));
        assertTrue(json.contains("org.apache.spark.executor.Executor$TaskRunner.run"),
                "measured over task execution by default");
        List<Path> runs;
        try (Stream<Path> s = Files.list(out.resolve("runs").resolve("spark-naive-bayes"))) {
            runs = s.filter(Files::isDirectory).toList();
        }
        assertTrue(runs.size() >= 2, () -> "a counters run and a profile run: " + runs);
        for (Path run : runs) {
            assertEquals(reference, SparkRuns.checksum(Files.readString(run.resolve("stdout.txt"))),
                    () -> run + " printed something else than the run without the agent");
        }
        List<String> table2 = Files.readAllLines(out.resolve("table2_parallelism.csv"));
        List<String> header = List.of(table2.get(0).split("[,;]"));
        String[] row = table2.get(1).split("[,;]");
        int workers = Integer.parseInt(row[header.indexOf("workers")]);
        assertTrue(workers >= 1, () -> "Spark's task threads are the workers: " + table2);
        assertTrue(Double.parseDouble(row[header.indexOf("workers_pct")]) > 0, table2::toString);
    }
}
