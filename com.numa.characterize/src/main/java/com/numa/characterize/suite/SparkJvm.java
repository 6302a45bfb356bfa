package com.numa.characterize.suite;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a JVM running Apache Spark needs from the tools that start it. Spark 3.3+ on Java 17 needs its module options
 * ({@code --add-opens java.base/sun.nio.ch} and about 18 more), which spark-submit's launcher adds and a plain
 * {@code java} command does not; and a Spark run's work is its tasks, so it is measured over task execution
 * ({@link #TASK_WINDOW}) rather than over a run dominated by start-up and the JIT.
 *
 * <p>An application is Spark when its main class is in {@code org.apache.spark} (spark-submit's
 * {@code org.apache.spark.deploy.SparkSubmit}) or its class path holds spark-core. The module options are read from the
 * application's own spark-launcher jar ({@code JavaModuleOptions}, so they are the ones of the Spark it runs), or are
 * Spark 4.0's list when that jar is not on the class path.
 */
public final class SparkJvm {
    /** Where a Spark task runs: an executor's task thread enters this method for each task. */
    public static final String TASK_RUNNER = "org.apache.spark.executor.Executor$TaskRunner.run";

    /** The measurement window over task execution: from the first task's start to the last one's end. */
    public static final MethodSpan TASK_WINDOW = MethodSpan.of(TASK_RUNNER, null);

    /** Spark 4.0's JavaModuleOptions, for a class path without spark-launcher. */
    static final List<String> SPARK_4_MODULE_OPTIONS = List.of("-XX:+IgnoreUnrecognizedVMOptions",
            "--add-modules=jdk.incubator.vector",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED", "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
            "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED", "-Djdk.reflect.useDirectMethodHandle=false",
            "-Dio.netty.tryReflectionSetAccessible=true");

    /**
     * The newest Java the Spark of the build (4.0) runs on: on Java 23 and newer Hadoop's UserGroupInformation, which
     * every SparkContext starts, calls Subject.getSubject, which throws there ("getSubject is not supported").
     */
    public static final int NEWEST_JAVA = 21;

    private static final String SPARK_PACKAGE = "org.apache.spark.";
    private static final String MODULE_OPTIONS_CLASS = "org.apache.spark.launcher.JavaModuleOptions";

    private SparkJvm() {
    }

    /** Why Spark cannot run on this Java feature version (negative: unknown, taken as supported), if it cannot. */
    public static Optional<String> unsupportedOn(int javaFeature) {
        return javaFeature > NEWEST_JAVA ? Optional.of("Spark 4.0 runs on Java 17 to " + NEWEST_JAVA
                + "; the target java is " + javaFeature + " (set JAVA_HOME to a Java 17 or 21)")
                : Optional.empty();
    }

    /** Whether these java arguments ({@code -cp ... Main args}) start a Spark application. */
    public static boolean isSpark(List<String> javaArguments) {
        return mainClass(javaArguments).map(m -> m.startsWith(SPARK_PACKAGE)).orElse(false)
                || classPath(javaArguments).stream().anyMatch(j -> j.getFileName().toString().startsWith("spark-core_"));
    }

    /**
     * The java arguments with Spark's module options in front when they start Spark and do not open
     * {@code sun.nio.ch} already (the option Spark cannot start without); otherwise unchanged.
     */
    public static List<String> withModuleOptions(List<String> javaArguments) {
        if (!isSpark(javaArguments) || javaArguments.stream().anyMatch(a -> a.contains("java.base/sun.nio.ch"))) {
            return javaArguments;
        }
        List<String> out = new ArrayList<>(moduleOptions(classPath(javaArguments)));
        out.addAll(javaArguments);
        return List.copyOf(out);
    }

    /** The module options of the Spark on this class path, else Spark 4.0's. */
    static List<String> moduleOptions(List<Path> classPath) {
        for (Path jar : classPath) {
            if (jar.getFileName().toString().startsWith("spark-launcher_")) {
                try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
                    Method m = loader.loadClass(MODULE_OPTIONS_CLASS).getMethod("defaultModuleOptionArray");
                    return List.of((String[]) m.invoke(null));
                } catch (ReflectiveOperationException | IOException | LinkageError e) {
                    break; // a launcher older than 3.3 has no such list: Spark 4.0's serves
                }
            }
        }
        return SPARK_4_MODULE_OPTIONS;
    }

    /** The main class: the first argument that is not an option or an option's value (none for -jar and -m). */
    static Optional<String> mainClass(List<String> javaArguments) {
        for (int i = 0; i < javaArguments.size(); i++) {
            String a = javaArguments.get(i);
            if (a.equals("-jar") || a.equals("-m") || a.equals("--module")) {
                return Optional.empty();
            }
            if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")) {
                i++;
            } else if (!a.startsWith("-")) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** The jars of the {@code -cp} argument, a {@code dir/*} entry expanded as java expands it. */
    static List<Path> classPath(List<String> javaArguments) {
        int i = Math.max(javaArguments.indexOf("-cp"), Math.max(javaArguments.indexOf("-classpath"),
                javaArguments.indexOf("--class-path")));
        List<Path> jars = new ArrayList<>();
        if (i < 0 || i + 1 >= javaArguments.size()) {
            return jars;
        }
        for (String entry : javaArguments.get(i + 1).split(File.pathSeparator)) {
            if (entry.endsWith("*")) {
                Path dir = Path.of(entry.substring(0, entry.length() - 1).isEmpty() ? "." : entry.substring(0, entry.length() - 1));
                try (DirectoryStream<Path> in = Files.newDirectoryStream(dir, "*.{jar,JAR}")) {
                    in.forEach(jars::add);
                } catch (IOException e) {
                    // an entry java would skip too
                }
            } else if (!entry.isEmpty()) {
                jars.add(Path.of(entry));
            }
        }
        return jars;
    }
}
