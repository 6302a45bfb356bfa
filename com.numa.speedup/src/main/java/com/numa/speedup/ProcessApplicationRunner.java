package com.numa.speedup;

import com.numa.perfutil.PerfUtilFlags;
import com.numa.perfutil.flags.FlagException;
import com.numa.perfutil.flags.FlagSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link ApplicationRunner} with a plain {@link ProcessBuilder}: the JDK that runs this tool, JFR through
 * -XX:StartFlightRecording and PerfUtil through the numa agent. Nothing else belongs here.
 */
final class ProcessApplicationRunner implements ApplicationRunner {
    private final Path java;
    private final Path agentJar;
    private final int perfUtilIntervalMs;

    /** {@code agentJar} null: measured runs go without PerfUtil (no per-thread running time). */
    ProcessApplicationRunner(Path java, Path agentJar, int perfUtilIntervalMs) {
        this.java = java;
        this.agentJar = agentJar;
        this.perfUtilIntervalMs = perfUtilIntervalMs;
    }

    @Override
    public Result run(Request request) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        boolean perfUtil = request.measured() && agentJar != null && request.perfUtilOutput() != null;
        if (request.measured()) {
            cmd.add("-XX:StartFlightRecording=filename=" + request.jfrOutput() + ",settings=" + request.jfrSettings());
        }
        if (perfUtil) {
            if (Runtime.version().feature() >= 22) {
                cmd.add("--enable-native-access=ALL-UNNAMED");
            }
            cmd.add("-javaagent:" + agentJar + "=" + agentArguments(request.perfUtilOutput()));
        }
        cmd.addAll(request.javaArguments());
        Files.createDirectories(request.log().toAbsolutePath().getParent());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(request.log().toFile());
        long start = System.nanoTime();
        Process p = pb.start();
        int exit = p.waitFor();
        long wall = System.nanoTime() - start;
        return new Result(exit, wall, request.log(), request.measured() ? request.jfrOutput() : null,
                perfUtil ? request.perfUtilOutput() : null);
    }

    /** Through PerfUtil's own flag declaration, so a value it would reject fails here, with its message. */
    private String agentArguments(Path output) throws IOException {
        try {
            return new FlagSet(PerfUtilFlags.FAMILY_PREFIXES, PerfUtilFlags.all()).parse(List.of("-XX:+PerfUtil",
                    "-XX:PerfUtilEvents=task-clock", "-XX:PerfUtilInterval=" + perfUtilIntervalMs,
                    "-XX:PerfUtilOutput=" + output.toAbsolutePath())).toAgentArgs();
        } catch (FlagException e) {
            throw new IOException("PerfUtil flags: " + e.getMessage(), e);
        }
    }
}
