package com.numa.vm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code bin/numa <args>} of this checkout with the packaged agent and a given JDK, its stdout and stderr in files. */
final class NumaCommand {
    /** The exit code and stderr of one finished command. */
    record Result(int exit, String err) {
    }

    private NumaCommand() {
    }

    /** Runs it in {@code dir}, stdout and stderr to {@code <name>.stdout.txt} and {@code .stderr.txt} there. */
    static Result run(Path dir, String name, Path javaHome, Duration timeout, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("numa.home"), "bin", "numa").toString()));
        cmd.addAll(List.of(args));
        Path err = dir.resolve(name + ".stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(err.toFile())
                .redirectOutput(dir.resolve(name + ".stdout.txt").toFile());
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().put("NUMA_AGENT_JAR", System.getProperty("numa.agent.jar"));
        Process p = pb.start();
        if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(err));
    }
}
