package com.numa.characterize.validation;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.Suite;
import com.numa.core.child.AgentJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code --suite validation}: the user-like programs of {@link ValidationPrograms}, each run from numa-validation.jar
 * as a plain application (its whole run is measured) and compared with the categories acceptable for it. A program
 * that needs a newer Java than the target's is left out, and said so. The jar is {@code -Dnuma.validation.jar}, else
 * {@code $NUMA_VALIDATION_JAR}, else {@code validation/target/numa-validation.jar} of the checkout the agent jar was
 * built in; it is looked up when the benchmarks are asked for, so a missing build is one error before anything runs.
 */
public final class ValidationSuite implements Suite {
    /** System property naming numa-validation.jar. */
    public static final String PROPERTY = "numa.validation.jar";
    /** Environment variable naming it (for {@code bin/numa}, which passes no -D to the launcher). */
    public static final String ENVIRONMENT = "NUMA_VALIDATION_JAR";
    /** The sizes and the scale each multiplies the programs' work by. */
    static final List<String> SIZES = List.of("small", "default", "large");

    private final int javaFeature;
    private final int cpus;
    private final Supplier<Path> jar;

    /** The jar found from the packaged agent jar (or the property / environment that names it). */
    public ValidationSuite(int javaFeature, int cpus) {
        this(javaFeature, cpus, () -> locate(AgentJar.packaged(ValidationSuite.class)));
    }

    /** {@code javaFeature}: the target Java's feature version; {@code cpus}: the machine's usable CPUs. */
    public ValidationSuite(int javaFeature, int cpus, Supplier<Path> jar) {
        this.javaFeature = javaFeature;
        this.cpus = cpus;
        this.jar = jar;
    }

    @Override
    public String name() {
        return "validation";
    }

    @Override
    public List<Benchmark> benchmarks(RunOptions options) {
        scale(options.size());
        List<ValidationProgram> all = ValidationPrograms.all(javaFeature, cpus);
        List<String> known = all.stream().map(ValidationProgram::name).toList();
        options.checkOnly(known, "validation program", "validation suite");
        List<Benchmark> out = new ArrayList<>();
        Path j = null;
        for (ValidationProgram p : chosen(all, options)) {
            if (runsHere(p)) {
                j = j == null ? check(jar.get()) : j;
                out.add(new ValidationBenchmark(p, j));
            }
        }
        return List.copyOf(out);
    }

    @Override
    public List<String> leftOut(RunOptions options) {
        return chosen(ValidationPrograms.all(javaFeature, cpus), options).stream().filter(p -> !runsHere(p))
                .map(p -> p.name() + " is not run: it needs Java " + p.minimumJava() + " or newer, the target java is "
                        + javaFeature)
                .toList();
    }

    /** A program runs unless the target's version is known and older than it needs. */
    private boolean runsHere(ValidationProgram p) {
        return javaFeature < 0 || p.minimumJava() <= javaFeature;
    }

    private static List<ValidationProgram> chosen(List<ValidationProgram> all, RunOptions options) {
        return all.stream().filter(p -> options.wants(p.name())).toList();
    }

    /** The multiplier of a size: small (the --quick size, about a second of work on 2 CPUs) 1, default 4, large 16. */
    static int scale(String size) {
        int i = SIZES.indexOf(size);
        if (i < 0) {
            throw new IllegalArgumentException("--size '" + size + "' is not a size of the validation suite: use "
                    + String.join(", ", SIZES));
        }
        return 1 << (2 * i);
    }

    /** The configured jar, or the default in the checkout of {@code agentJar} (its build folder's name included). */
    static Path locate(Path agentJar) {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(ENVIRONMENT);
        }
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath();
        }
        Path buildDir = agentJar.toAbsolutePath().getParent();
        return buildDir.getParent().getParent().resolve("validation").resolve(buildDir.getFileName())
                .resolve("numa-validation.jar");
    }

    private static Path check(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("the validation programs are not built (no " + jar + "): build them with "
                    + "'mvn -B -q package -DskipTests' in the numa-jvm checkout, or point -D" + PROPERTY + " / $"
                    + ENVIRONMENT + " at numa-validation.jar");
        }
        return jar;
    }
}
