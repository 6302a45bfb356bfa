package com.numa.characterize.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which java commands are Spark, and what they get: Spark's module options in front, once, and the task window.
 * (The options read from a real spark-launcher jar are checked in module spark, which has one.)
 */
class SparkJvmTest {

    @Test
    void sparkSubmitOrSparkCoreOnTheClassPathIsSpark(@TempDir Path lib) throws Exception {
        Files.writeString(lib.resolve("spark-core_2.13-4.0.1.jar"), "");
        Files.writeString(lib.resolve("app.jar"), "");
        assertTrue(SparkJvm.isSpark(List.of("-cp", "/opt/spark/jars/*", "org.apache.spark.deploy.SparkSubmit",
                "--master", "local[2]", "app.jar")));
        assertTrue(SparkJvm.isSpark(List.of("-Xmx1g", "-cp", lib + "/*", "com.example.Job", "10")), "spark-core in dir/*");
        assertTrue(SparkJvm.isSpark(List.of("-cp", lib.resolve("app.jar") + ":" + lib.resolve("spark-core_2.13-4.0.1.jar"),
                "com.example.Job")));
        assertFalse(SparkJvm.isSpark(List.of("-cp", lib.resolve("app.jar").toString(), "com.example.Job")));
        assertFalse(SparkJvm.isSpark(List.of("-jar", "app.jar", "org.apache.spark.NotAMainClass")), "-jar: no main class");
    }

    @Test
    void sparkGetsItsModuleOptionsOnceAndOthersNothing() {
        List<String> submit = List.of("-cp", "/nowhere/*", "org.apache.spark.deploy.SparkSubmit", "app.jar");
        List<String> prepared = SparkJvm.withModuleOptions(submit);
        assertEquals(SparkJvm.SPARK_4_MODULE_OPTIONS, prepared.subList(0, SparkJvm.SPARK_4_MODULE_OPTIONS.size()),
                "without spark-launcher on the class path, Spark 4.0's list");
        assertEquals(submit, prepared.subList(SparkJvm.SPARK_4_MODULE_OPTIONS.size(), prepared.size()));
        assertTrue(prepared.contains("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"));
        assertEquals(prepared, SparkJvm.withModuleOptions(prepared), "a command that opens sun.nio.ch already is left alone");
        List<String> other = List.of("-cp", "app.jar", "com.example.Main");
        assertEquals(other, SparkJvm.withModuleOptions(other));
    }

    @Test
    void aSparkApplicationIsMeasuredOverItsTasksAndGetsTheOptionsFromCharacterize() {
        assertEquals(SparkJvm.TASK_RUNNER, SparkJvm.TASK_WINDOW.startAt());
        SingleApplication app = new SingleApplication("job", List.of("-cp", "/nowhere/*",
                "org.apache.spark.deploy.SparkSubmit", "--master", "local[{threads}]", "job.jar"));
        List<String> args = app.javaArguments(new RunOptions(3, 1, 2, "small", true, List.of()), Path.of("agent.jar"));
        assertTrue(args.contains("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"), args.toString());
        assertTrue(args.contains("local[3]"), args.toString());
    }

    @Test
    void sparkFourRunsOnJava17To21() {
        assertTrue(SparkJvm.unsupportedOn(17).isEmpty());
        assertTrue(SparkJvm.unsupportedOn(21).isEmpty());
        assertTrue(SparkJvm.unsupportedOn(-1).isEmpty(), "an unknown version is tried");
        String why = SparkJvm.unsupportedOn(25).orElseThrow();
        assertTrue(why.contains("Java 17 to 21") && why.contains("25") && why.contains("JAVA_HOME"), why);
    }
}
