package com.numa.characterize.harness;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.Suite;
import com.numa.core.log.NumaLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * DaCapo 23.11-chopin as a suite ({@code --suite dacapo:<jar>}): the benchmarks are the jar's
 * {@code META-INF/cnf/<bench>.cnf} descriptions, each run as
 * {@code -Dnuma.warmup=W -cp <dacapo.jar>:<agent jar> Harness -c NumaDacapoCallback -n W+I [-t T] [-s S] <bench>}.
 *
 * <p>Why {@code -cp ... Harness} and not {@code -jar}: DaCapo loads the callback by name from its own class loader's
 * parent, so our class must be on the class path, which {@code -jar} would ignore. The module options DaCapo's
 * manifest declares for {@code -jar} ({@code Add-Exports}, {@code Add-Opens}: cassandra, h2o on JDK 17) are given as
 * {@code --add-exports}/{@code --add-opens} instead.
 *
 * <p>Threads: {@code -t} only for per-CPU benchmarks (the others ignore it), at most the size's thread limit (DaCapo
 * would refuse to run them above it; the clamp is reported once on stderr).
 */
public final class DacapoSuite implements Suite {
    /** The callback class, by name: the host side cannot load it (its base class comes with DaCapo's jar). */
    public static final String CALLBACK_CLASS = "com.numa.characterize.harness.NumaDacapoCallback";
    /** DaCapo's launcher: it starts the harness in a class loader whose parent is the application class path. */
    static final String MAIN_CLASS = "Harness";
    private static final String CNF_DIR = "META-INF/cnf/";

    private final HarnessJar jar;
    private final Map<String, DacapoCnf> descriptions;
    private final Consumer<String> notes;

    /** Checks {@code jar} now: missing, not a zip, not DaCapo, or Renaissance is an IllegalArgumentException. */
    public DacapoSuite(Path jar) {
        this(jar, NumaLog.stderr());
    }

    /** As {@link #DacapoSuite(Path)}, reporting adjustments (a clamped thread count) to {@code notes}. */
    DacapoSuite(Path jar, Consumer<String> notes) {
        this.jar = HarnessJar.open(jar, HarnessJar.Kind.DACAPO, CNF_DIR);
        this.notes = notes;
        Map<String, DacapoCnf> byName = new TreeMap<>();
        this.jar.texts().forEach((entry, text) -> {
            if (entry.endsWith(".cnf")) {
                DacapoCnf cnf = DacapoCnf.parse(text, jar + "!/" + entry);
                byName.put(cnf.name(), cnf);
            }
        });
        this.descriptions = byName;
    }

    @Override
    public String name() {
        return "dacapo";
    }

    /** Every benchmark the jar describes, in name order. */
    public List<String> benchmarkNames() {
        return List.copyOf(descriptions.keySet());
    }

    @Override
    public List<Benchmark> benchmarks(RunOptions options) {
        RunShape.check(options);
        String size = size(options);
        List<Benchmark> result = new ArrayList<>();
        List<String> withoutSize = new ArrayList<>();
        for (String name : BenchmarkSelection.select(name(), jar.path(), descriptions.keySet(), options.only())) {
            DacapoCnf cnf = descriptions.get(name);
            if (!cnf.threadLimits().containsKey(size)) {
                withoutSize.add(name + " (" + String.join(", ", cnf.threadLimits().keySet()) + ")");
                continue;
            }
            int threads = threadCount(cnf, size, options.threads());
            if (threads > 0 && threads != options.threads()) {
                notes.accept("dacapo " + name + ": size " + size + " allows at most " + threads + " threads; running "
                        + threads + " instead of " + options.threads());
            }
            result.add(new DacapoBenchmark(name, cnf, jar));
        }
        if (!withoutSize.isEmpty()) {
            throw new IllegalArgumentException("size '" + size + "' is not defined for dacapo " + String.join(", ", withoutSize));
        }
        return List.copyOf(result);
    }

    /** DaCapo's input size: the one asked for, else {@code small} for a quick look, else {@code default}. */
    static String size(RunOptions options) {
        if (options.size() != null && !options.size().isBlank()) {
            return options.size();
        }
        return options.quick() ? "small" : "default";
    }

    /** The {@code -t} value, 0 for none: per-CPU benchmarks only, clamped to the size's limit. */
    static int threadCount(DacapoCnf cnf, String size, int requested) {
        if (requested <= 0 || !cnf.takesThreadCount()) {
            return 0;
        }
        int limit = cnf.threadLimits().getOrDefault(size, 0);
        return limit > 0 ? Math.min(requested, limit) : requested;
    }
}
