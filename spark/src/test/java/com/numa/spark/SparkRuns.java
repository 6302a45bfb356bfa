package com.numa.spark;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.numa.core.apps.Application;
import com.numa.core.apps.Applications;
import com.numa.core.apps.AppsDirectory;
import com.numa.characterize.suite.SparkJvm;
import com.numa.core.child.AgentJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the Spark tests share: the Spark the build resolved (the spark program's lib in the apps directory), the
 * packaged agent, and the java arguments of a Spark JVM (Spark's module options, read from that Spark's launcher jar).
 */
final class SparkRuns {
    /** A short run of a driver: two task threads, small input, one measured iteration. */
    static final List<String> SHORT_RUN = List.of("threads=2", "size=small", "warmup=0", "iterations=1");

    private SparkRuns() {
    }

    static Path agentJar() {
        return AgentJar.packaged(SparkRuns.class);
    }

    /** Where the drivers' harness classes are for a class path: the plain copy of the agent jar's classes. */
    static String numaClasses() throws IOException {
        return AgentJar.plainClasses(agentJar()).toString();
    }

    static AppsDirectory apps() {
        return AppsDirectory.at(Path.of(System.getProperty(AppsDirectory.PROPERTY)));
    }

    static Application application(String name) {
        return Applications.named(name).orElseThrow();
    }

    /** Spark's jars, or a skipped test that says how to get them (or that this Java is one Spark does not run on). */
    static Path sparkLib() throws IOException {
        Optional<String> unsupported = SparkJvm.unsupportedOn(Runtime.version().feature());
        assumeTrue(unsupported.isEmpty(), () -> unsupported.orElseThrow());
        Path lib = apps().lib(application(LogRegressionDriver.NAME));
        boolean present = Files.isDirectory(lib);
        if (present) {
            try (Stream<Path> jars = Files.list(lib)) {
                present = jars.anyMatch(j -> j.getFileName().toString().startsWith("spark-core_"));
            }
        }
        assumeTrue(present, () -> "Spark's jars are not in " + lib + ": build module spark first "
                + "('mvn -B -q package -DskipTests', which resolves Spark from Maven Central)");
        return lib;
    }

    /** {@code -cp <Spark's jars>:<extra> mainClass args} with Spark's module options in front. */
    static List<String> javaArguments(Path lib, String extraClassPath, String mainClass, List<String> args) {
        List<String> out = new ArrayList<>(List.of("-cp", lib + "/*" + (extraClassPath.isEmpty() ? "" : ":" + extraClassPath),
                mainClass));
        out.addAll(args);
        return SparkJvm.withModuleOptions(out);
    }

    /** The checksum line a driver prints, or the whole output when there is none. */
    static String checksum(String stdout) {
        return stdout.lines().filter(l -> l.startsWith("checksum=")).findFirst().orElse(stdout);
    }
}
