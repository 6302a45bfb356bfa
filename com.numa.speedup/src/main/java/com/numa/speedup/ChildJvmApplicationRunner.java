package com.numa.speedup;

import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.child.TargetJava;
import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagSet;
import com.numa.perfutil.PerfUtilFlags;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link ApplicationRunner} through the one child-JVM launcher ({@link ChildJvm}): JFR through
 * -XX:StartFlightRecording and PerfUtil through the numa agent on measured runs; the child's stdout and stderr go to
 * the run's log. Nothing else belongs here.
 */
final class ChildJvmApplicationRunner implements ApplicationRunner {
    private final TargetJava java;
    private final Path agentJar;
    private final int perfUtilIntervalMs;

    /** {@code agentJar} null: measured runs go without PerfUtil (no per-thread running time). */
    ChildJvmApplicationRunner(TargetJava java, Path agentJar, int perfUtilIntervalMs) {
        this.java = java;
        this.agentJar = agentJar;
        this.perfUtilIntervalMs = perfUtilIntervalMs;
    }

    @Override
    public Result run(Request request) throws IOException {
        ChildJvm child = ChildJvm.on(java);
        boolean perfUtil = request.measured() && agentJar != null && request.perfUtilOutput() != null;
        if (request.measured()) {
            child.options("-XX:StartFlightRecording=filename=" + request.jfrOutput() + ",settings=" + request.jfrSettings());
        }
        if (perfUtil) {
            child.agent(agentJar, perfUtilFlags(request.perfUtilOutput()));
        }
        ChildRun r = child.launch(request.javaArguments()).run();
        Files.createDirectories(request.log().toAbsolutePath().getParent());
        Files.writeString(request.log(), r.stdout() + r.stderr());
        return new Result(r.exitCode(), r.wallNs(), request.log(), request.measured() ? request.jfrOutput() : null,
                perfUtil ? request.perfUtilOutput() : null);
    }

    /** Through PerfUtil's own flag declaration, so a value it would reject fails here, with its message. */
    private List<String> perfUtilFlags(Path output) throws IOException {
        List<String> flags = new ArrayList<>(List.of("-XX:+PerfUtil", "-XX:PerfUtilEvents=task-clock",
                "-XX:PerfUtilInterval=" + perfUtilIntervalMs, "-XX:PerfUtilOutput=" + output.toAbsolutePath()));
        try {
            new FlagSet(PerfUtilFlags.FAMILY_PREFIXES, PerfUtilFlags.all()).parse(flags);
        } catch (FlagException e) {
            throw new IOException("PerfUtil flags: " + e.getMessage(), e);
        }
        return flags;
    }
}
