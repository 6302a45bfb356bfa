package com.numa.core.apps;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the build put the real applications: {@code -Dnuma.apps.dir}, else {@code $NUMA_APPS_DIR}, else
 * {@code apps/target/apps} of the checkout the agent jar was built in ({@code <root>/com.numa.vm/target/numa-agent.jar},
 * the way {@code bin/numa} finds the jar). Nothing is downloaded at run time: a missing directory is one error naming
 * the build command.
 */
public final class AppsDirectory {
    /** System property naming the apps directory. */
    public static final String PROPERTY = "numa.apps.dir";
    /** Environment variable naming it (for {@code bin/numa}, which passes no -D to the launcher). */
    public static final String ENVIRONMENT = "NUMA_APPS_DIR";

    private final Path dir;

    private AppsDirectory(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    /** The configured directory, or the default next to {@code agentJar}; not yet checked. */
    public static AppsDirectory locate(Path agentJar) {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(ENVIRONMENT);
        }
        if (configured != null && !configured.isBlank()) {
            return new AppsDirectory(Path.of(configured));
        }
        return nextTo(agentJar);
    }

    /** The default: {@code <root>/com.numa.vm/target/numa-agent.jar} gives {@code <root>/apps/target/apps}. */
    public static AppsDirectory nextTo(Path agentJar) {
        Path root = agentJar.toAbsolutePath().getParent().getParent().getParent();
        return new AppsDirectory(root.resolve("apps").resolve("target").resolve("apps"));
    }

    /** A given directory (tests). */
    public static AppsDirectory at(Path dir) {
        return new AppsDirectory(dir);
    }

    public Path path() {
        return dir;
    }

    /**
     * Checks that the drivers jar and every {@code application}'s program are there; IllegalArgumentException with
     * what is missing and the command that builds it.
     */
    public AppsDirectory check(List<Application> applications) {
        List<String> missing = new ArrayList<>();
        if (!Files.isRegularFile(dir.resolve(Applications.DRIVERS_JAR))) {
            missing.add(Applications.DRIVERS_JAR);
        }
        for (Application a : applications) {
            if (!Files.isDirectory(lib(a)) && !missing.contains(a.program() + "/lib")) {
                missing.add(a.program() + "/lib");
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("the real applications are not built in " + dir + " (missing "
                    + String.join(", ", missing) + "): build them with 'mvn -B -q install -DskipTests' in the numa-jvm "
                    + "checkout, or point -D" + PROPERTY + " / $" + ENVIRONMENT + " at the apps directory");
        }
        return this;
    }

    /** The program's jar directory. */
    public Path lib(Application a) {
        return dir.resolve(a.program()).resolve("lib");
    }

    /**
     * The class path of {@code a}: its program's jars, our drivers, then the agent jar (which holds the harness). The
     * program comes first so its own libraries win over anything of ours, e.g. PMD's picocli.
     */
    public String classPath(Application a, Path agentJar) {
        return lib(a) + File.separator + "*" + File.pathSeparator + dir.resolve(Applications.DRIVERS_JAR)
                + File.pathSeparator + agentJar.toAbsolutePath();
    }
}
