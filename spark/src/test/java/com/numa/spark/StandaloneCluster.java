package com.numa.spark;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Spark standalone cluster on this host, as {@code spark-class} starts one: a Master and a Worker JVM (started here,
 * stopped by pid), whose executors are separate JVMs the Worker forks from a Spark home whose {@code jars/} is the
 * build's Spark.
 */
final class StandaloneCluster implements AutoCloseable {
    private static final Duration START_LIMIT = Duration.ofSeconds(120);
    private static final String EXECUTOR_MAIN = "org.apache.spark.executor.CoarseGrainedExecutorBackend";

    private final Path dir;
    private final int masterPort;
    private final List<Process> daemons = new ArrayList<>();

    /** Starts a Master and a Worker offering {@code cores} cores; returns when the Worker has registered. */
    StandaloneCluster(Path lib, Path dir, int cores) throws IOException, InterruptedException {
        this.dir = dir;
        Path home = Files.createDirectories(dir.resolve("spark-home"));
        Files.createSymbolicLink(home.resolve("jars"), lib);
        masterPort = freePort();
        try {
            start(lib, "master", List.of("org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                    String.valueOf(masterPort), "--webui-port", String.valueOf(freePort())), home, "I have been elected leader");
            start(lib, "worker", List.of("org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--webui-port",
                    String.valueOf(freePort()), "--cores", String.valueOf(cores), "--memory", "2g", "--work-dir",
                    Files.createDirectories(dir.resolve("work")).toString(), url()), home, "Successfully registered with master");
        } catch (IOException | InterruptedException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The master's URL, for {@code --master}. */
    String url() {
        return "spark://127.0.0.1:" + masterPort;
    }

    private void start(Path lib, String name, List<String> mainAndArgs, Path home, String ready)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m"));
        cmd.addAll(SparkRuns.javaArguments(lib, "", mainAndArgs.get(0), mainAndArgs.subList(1, mainAndArgs.size())));
        Path log = dir.resolve(name + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        // what spark-class's load-spark-env.sh sets: the Worker builds its executors' class path from these
        pb.environment().put("SPARK_HOME", home.toString());
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        Process p = pb.start();
        daemons.add(p);
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (!Files.readString(log).contains(ready)) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("the " + name + " did not start (pid " + p.pid() + "):\n"
                        + Files.readString(log));
            }
            Thread.sleep(200);
        }
    }

    /** The executor JVMs the Worker has forked and that are still running. */
    List<ProcessHandle> executors() {
        return daemons.size() < 2 ? List.of() : daemons.get(1).descendants()
                .filter(h -> h.info().commandLine().orElse("").contains(EXECUTOR_MAIN)).toList();
    }

    /**
     * Waits until no executor runs: after an application ends the Worker stops its executors with SIGTERM, and they
     * write their outputs while they exit, after the driver has returned.
     */
    void awaitExecutorsGone(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!executors().isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("executors still running after " + limit + ": " + executors());
            }
            Thread.sleep(200);
        }
    }

    /** The Worker's log (its executors' launch commands, their exits). */
    String workerLog() throws IOException {
        return Files.readString(dir.resolve("worker.log"));
    }

    /** Stops the Worker, then the Master, by pid: SIGTERM, then SIGKILL for one that does not exit in 20 s. */
    @Override
    public void close() throws InterruptedException, IOException {
        for (int i = daemons.size() - 1; i >= 0; i--) {
            Process p = daemons.get(i);
            List<ProcessHandle> children = p.descendants().toList();
            p.destroy();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            children.forEach(ProcessHandle::destroyForcibly);
        }
        daemons.clear();
        Files.deleteIfExists(dir.resolve("spark-home").resolve("jars")); // the link, not Spark's jars
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
