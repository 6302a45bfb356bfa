package com.numa.vm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/numa <args>} of this checkout, or any command, with the packaged agent ({@code NUMA_AGENT_JAR}) and a given
 * JDK ({@code JAVA_HOME}), its stdout and stderr in files.
 */
final class NumaCommand {
    /** The exit code, stdout and stderr of one finished command. */
    record Result(int exit, String out, String err) {
    }

    private NumaCommand() {
    }

    /** Runs bin/numa in {@code dir}, stdout and stderr to {@code <name>.stdout.txt} and {@code .stderr.txt} there. */
    static Result run(Path dir, String name, Path javaHome, Duration timeout, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("numa.home"), "bin", "numa").toString()));
        cmd.addAll(List.of(args));
        return exec(dir, name, javaHome, timeout, cmd);
    }

    /** Runs {@code cmd} the same way: in {@code dir}, with the agent and the JDK, its output in files named for it. */
    static Result exec(Path dir, String name, Path javaHome, Duration timeout, List<String> cmd) throws Exception {
        Path out = dir.resolve(name + ".stdout.txt");
        Path err = dir.resolve(name + ".stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(err.toFile())
                .redirectOutput(out.toFile());
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().put("NUMA_AGENT_JAR", System.getProperty("numa.agent.jar"));
        Process p = pb.start();
        if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
