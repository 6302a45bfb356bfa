package com.numa.characterize.harness;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.Suite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;

/**
 * Renaissance 0.16 as a suite ({@code --suite renaissance:<jar>}): the benchmarks are those its
 * {@code benchmarks.properties} lists (without its dummy test benchmarks), each run as
 * {@code -Dnuma.warmup=W -jar <renaissance.jar> --plugin <agent jar>!NumaRenaissancePlugin -r W+I [-c C]
 * [-o thread_count=T] <bench>}.
 *
 * <p>Threads: Renaissance has no thread option ({@code -t} is run seconds); a thread count is a benchmark parameter.
 * {@code -o thread_count=T} is passed to the benchmarks that declare {@code thread_count}; the others run at their
 * own parallelism (mostly the CPU count, e.g. Spark's {@code spark_thread_limit}, fork/join pools).
 *
 * <p>Input size: Renaissance's configurations; {@code --size} names one ({@code default} = none given), and a quick
 * look uses {@code test} where the benchmark has it.
 */
public final class RenaissanceSuite implements Suite {
    /** The plugin class, by name: the host side cannot load it (its interfaces come with Renaissance's jar). */
    public static final String PLUGIN_CLASS = "com.numa.characterize.harness.NumaRenaissancePlugin";
    /** The benchmark parameter that sets worker threads, where a benchmark has one. */
    static final String THREAD_PARAMETER = "thread_count";
    static final String DEFAULT_CONFIGURATION = "default";
    static final String QUICK_CONFIGURATION = "test";
    private static final String METADATA = "benchmarks.properties";

    private final HarnessJar jar;
    private final SortedMap<String, RenaissanceMetadata.Entry> metadata;

    /** Checks {@code jar} now: missing, not a zip, not Renaissance, or DaCapo is an IllegalArgumentException. */
    public RenaissanceSuite(Path jar) {
        this.jar = HarnessJar.open(jar, HarnessJar.Kind.RENAISSANCE, METADATA);
        String text = this.jar.texts().get(METADATA);
        if (text == null) {
            throw new IllegalArgumentException("--suite renaissance:" + jar + ": it has no " + METADATA + " at its root");
        }
        this.metadata = RenaissanceMetadata.parse(text, jar + "!/" + METADATA).benchmarks();
    }

    @Override
    public String name() {
        return "renaissance";
    }

    /** Every benchmark the jar lists, in name order. */
    public List<String> benchmarkNames() {
        return List.copyOf(metadata.keySet());
    }

    @Override
    public List<Benchmark> benchmarks(RunOptions options) {
        RunShape.check(options);
        List<Benchmark> result = new ArrayList<>();
        List<String> withoutConfiguration = new ArrayList<>();
        for (String name : BenchmarkSelection.select(name(), jar.path(), metadata.keySet(), options.only())) {
            RenaissanceMetadata.Entry entry = metadata.get(name);
            String configuration = configuration(entry, options);
            if (!entry.hasConfiguration(configuration)) {
                withoutConfiguration.add(name + " (" + String.join(", ", entry.parametersByConfiguration().keySet()) + ")");
                continue;
            }
            result.add(new RenaissanceBenchmark(name, entry, jar.path()));
        }
        if (!withoutConfiguration.isEmpty()) {
            throw new IllegalArgumentException("configuration '" + configuration(null, options) + "' (--size) is not defined "
                    + "for renaissance " + String.join(", ", withoutConfiguration));
        }
        return List.copyOf(result);
    }

    /** The configuration to run: {@code --size} if given, else {@code test} for a quick look where there is one. */
    static String configuration(RenaissanceMetadata.Entry entry, RunOptions options) {
        if (options.size() != null && !options.size().isBlank()) {
            return options.size();
        }
        if (options.quick() && (entry == null || entry.hasConfiguration(QUICK_CONFIGURATION))) {
            return QUICK_CONFIGURATION;
        }
        return DEFAULT_CONFIGURATION;
    }
}
