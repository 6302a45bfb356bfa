package com.numa.apps;

import com.numa.core.apps.Application;
import com.numa.core.apps.AppsDirectory;
import com.numa.core.child.AgentJar;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Runs one application of the registry as the corpus tests and the overhead measurement do: through ChildJvm, with
 * the packaged agent or without, a short run ({@code size=small warmup=0 iterations=1}) in a directory of its own
 * (where PerfUtil and the profiler write their files).
 */
final class Corpus {
    static final Duration TIME_BOUND = Duration.ofMinutes(4);
    static final List<String> SHORT_RUN = List.of("threads=2", "size=small", "warmup=0", "iterations=1");

    private Corpus() {
    }

    static Path agentJar() {
        return AgentJar.packaged(Corpus.class);
    }

    static AppsDirectory apps() {
        return AppsDirectory.at(Path.of(System.getProperty(AppsDirectory.PROPERTY)));
    }

    /** {@code numaFlags} null: no agent at all; empty: the agent loaded idle. */
    static ChildRun run(Application a, List<String> numaFlags, List<String> args, Path workDir) throws IOException {
        return run(a, numaFlags, args, workDir, List.of());
    }

    /** As above, with java options before the class path (system properties). */
    static ChildRun run(Application a, List<String> numaFlags, List<String> args, Path workDir, List<String> javaOptions)
            throws IOException {
        return runMain(a, a.driverClass(), numaFlags, args, workDir, javaOptions, TIME_BOUND);
    }

    /** As above with another main class on the application's class path (the program's own launcher). */
    static ChildRun runMain(Application a, String mainClass, List<String> numaFlags, List<String> args, Path workDir,
            List<String> javaOptions, Duration timeout) throws IOException {
        return runMain(a, mainClass, agentJar(), numaFlags, args, workDir, javaOptions, timeout);
    }

    /** As above with another agent jar (an A/B measurement of two builds). */
    static ChildRun runMain(Application a, String mainClass, Path agentJar, List<String> numaFlags, List<String> args,
            Path workDir, List<String> javaOptions, Duration timeout) throws IOException {
        Files.createDirectories(workDir);
        // the drivers' harness is numa-jvm's: from the plain copy of its classes, as numa characterize runs them
        ChildJvm child = ChildJvm.current().directory(workDir).options(javaOptions)
                .classPath(apps().classPath(a, AgentJar.plainClasses(agentJar)));
        if (numaFlags != null) {
            child.agent(agentJar, numaFlags);
        }
        return child.main(mainClass, args).timeout(timeout).run();
    }

    /** stdout with anything that legitimately differs between runs taken out (the drivers print only a checksum). */
    static String normalized(String stdout) {
        return stdout.replaceAll("/tmp/numa-app-[^/\\s]+", "<scratch>").strip();
    }
}
