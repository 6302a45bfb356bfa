package com.numa.core.child;

import com.numa.core.feature.FeatureRegistry;
import com.numa.core.flags.AgentArgs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The one way numa-jvm starts a JVM: the launcher ({@code numa vm}), the tools, the benchmarks and the tests all build
 * their command here, so the target java, its native-access option, the agent and its argument string are decided in
 * one place.
 * <pre>
 * ChildRun r = ChildJvm.on(TargetJava.current())
 *         .options("-Xmx1g").classPath(cp)
 *         .agent(AgentJar.packaged(Launcher.class), List.of("-XX:+PerfUtil"))
 *         .main("com.example.Main", List.of("arg"))
 *         .timeout(Duration.ofMinutes(5)).run();
 * </pre>
 * Order on the command line: a wrapper if any ({@code taskset -c 0}), java, native access (JDK 22+), the agent
 * ({@link AgentOption}: {@code -agentlib:instrument=} or {@code -javaagent:}), the java options, the launch target
 * (main class, {@code -jar app.jar}, ...) and its arguments.
 */
public final class ChildJvm {
    /** What {@link #runOnTerminal} keeps of a child's stderr: its end, enough for an exception and its frames. */
    private static final int KEPT_STDERR_BYTES = 64 * 1024;

    private final TargetJava java;
    private final List<String> wrapper = new ArrayList<>();
    private final List<String> options = new ArrayList<>();
    private final List<String> launch = new ArrayList<>();
    private final Map<String, String> environment = new TreeMap<>();
    private Path agentJar;
    private String agentArgs;
    private List<String> featureOptions = List.of();
    private Duration timeout = Duration.ofMinutes(30);
    private Path directory;

    private ChildJvm(TargetJava java) {
        this.java = java;
    }

    /** A child on {@code java}. */
    public static ChildJvm on(TargetJava java) {
        return new ChildJvm(java);
    }

    /** A child on the java running this code. */
    public static ChildJvm current() {
        return on(TargetJava.current());
    }

    /** A command that runs java, e.g. {@code taskset -c 0}: it comes first on the command line. */
    public ChildJvm via(List<String> command) {
        wrapper.addAll(command);
        return this;
    }

    /** java options (after the agent, before the launch target), in order. */
    public ChildJvm options(List<String> jvmOptions) {
        options.addAll(jvmOptions);
        return this;
    }

    public ChildJvm options(String... jvmOptions) {
        return options(List.of(jvmOptions));
    }

    public ChildJvm classPath(String classPath) {
        return options("-cp", classPath);
    }

    /** The numa agent from {@code jar}, given these NUMA flags ({@code -XX:} form); no flags loads it idle. */
    public ChildJvm agent(Path jar, List<String> numaFlags) {
        agentJar = jar;
        agentArgs = AgentArgs.join(numaFlags);
        featureOptions = FeatureRegistry.javaOptionsFor(numaFlags, java.featureVersion());
        return this;
    }

    /** What java runs: a main class, {@code -jar app.jar}, {@code -m module}, and the application's arguments. */
    public ChildJvm launch(List<String> target) {
        launch.addAll(target);
        return this;
    }

    public ChildJvm main(String mainClass, List<String> args) {
        launch.add(mainClass);
        return launch(args);
    }

    /** The time after which {@link #run()} kills the child. */
    public ChildJvm timeout(Duration limit) {
        timeout = limit;
        return this;
    }

    /** The child's working directory (default: this process's). */
    public ChildJvm directory(Path dir) {
        directory = dir;
        return this;
    }

    /** An environment variable of the child. */
    public ChildJvm env(String name, String value) {
        environment.put(name, value);
        return this;
    }

    /** The command line. */
    public List<String> command() {
        List<String> cmd = new ArrayList<>(wrapper);
        cmd.add(java.executable().toString());
        cmd.addAll(java.nativeAccessOptions());
        if (agentJar != null) {
            Map<String, String> env = new TreeMap<>(System.getenv());
            env.putAll(environment);
            cmd.addAll(featureOptions); // e.g. the profiler's hook runtime on the boot class path from the start
            cmd.add(AgentOption.of(agentJar, agentArgs, options, launch, env));
        }
        cmd.addAll(options);
        cmd.addAll(launch);
        return cmd;
    }

    /**
     * Runs the child with its output captured (through files, so a chatty child never blocks on a full pipe) and
     * waits up to the timeout; a child still running then is killed and reported as timed out.
     */
    public ChildRun run() throws IOException {
        List<String> cmd = command();
        Path out = Files.createTempFile("numa-child", ".out");
        Path err = Files.createTempFile("numa-child", ".err");
        try {
            ProcessBuilder pb = builder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            long t0 = System.nanoTime();
            Process p = pb.start();
            boolean done;
            try {
                done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for " + cmd.get(0), e);
            }
            if (!done) {
                p.destroyForcibly();
                waitQuietly(p);
            }
            long wall = System.nanoTime() - t0;
            return new ChildRun(cmd, done ? p.exitValue() : -1, Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), wall, !done);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /**
     * Runs the child on this process's terminal and returns its exit code; a SIGTERM to this process ends the child
     * too, so it is never orphaned. Throws IOException when java cannot be started.
     */
    public int runInheritingIO() throws IOException {
        return waitOnTerminal(builder(command()).inheritIO().start(), null);
    }

    /**
     * Runs the child on this process's terminal as {@link #runInheritingIO} does, except that its stderr passes through
     * this process (copied to System.err as it comes, so the user sees it as before) and its last
     * {@value #KEPT_STDERR_BYTES} bytes are kept in the result, where {@link ApplicationFailure} finds why it failed.
     * Its stdout stays the terminal's, so {@code System.console()} is the same as without us. The result's stdout is
     * empty and it never times out.
     */
    public ChildRun runOnTerminal() throws IOException {
        List<String> cmd = command();
        long t0 = System.nanoTime();
        Process p = builder(cmd).inheritIO().redirectError(ProcessBuilder.Redirect.PIPE).start();
        StderrTee tee = new StderrTee(p.getErrorStream());
        Thread copier = new Thread(tee, "numa-child-stderr");
        copier.setDaemon(true);
        copier.start();
        int code = waitOnTerminal(p, copier);
        return new ChildRun(cmd, code, "", tee.kept(), System.nanoTime() - t0, false);
    }

    /** Copies a child's stderr to ours and keeps its end. */
    private static final class StderrTee implements Runnable {
        private final InputStream in;
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();

        StderrTee(InputStream in) {
            this.in = in;
        }

        @Override
        public void run() {
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    System.err.write(buf, 0, n);
                    System.err.flush();
                    keep(buf, n);
                }
            } catch (IOException closed) {
                // the child is gone: what was kept is all there is
            }
        }

        private synchronized void keep(byte[] buf, int n) {
            kept.write(buf, 0, n);
            if (kept.size() > 2 * KEPT_STDERR_BYTES) {
                byte[] all = kept.toByteArray();
                kept.reset();
                kept.write(all, all.length - KEPT_STDERR_BYTES, KEPT_STDERR_BYTES);
            }
        }

        synchronized String kept() {
            return kept.toString(StandardCharsets.UTF_8);
        }
    }

    /** Waits for a child on the terminal (and for the copier of its stderr, if any) and returns its exit code. */
    private static int waitOnTerminal(Process p, Thread copier) {
        Thread stopChild = new Thread(() -> {
            if (p.isAlive()) {
                p.destroy();
            }
        }, "numa-stop-child");
        Runtime.getRuntime().addShutdownHook(stopChild);
        try {
            int code = p.waitFor();
            if (copier != null) {
                copier.join(TimeUnit.SECONDS.toMillis(10)); // a grandchild may hold the pipe open: do not wait for it
            }
            try {
                Runtime.getRuntime().removeShutdownHook(stopChild);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway and finds the child gone
            }
            return code;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroy();
            return 130;
        }
    }

    private ProcessBuilder builder(List<String> cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (directory != null) {
            pb.directory(directory.toFile());
        }
        pb.environment().putAll(environment);
        return pb;
    }

    private static void waitQuietly(Process p) {
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
