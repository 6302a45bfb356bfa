package com.numa.characterize.harness;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** One DaCapo benchmark: the command line of {@link DacapoSuite}. It is one of the study's own benchmarks. */
record DacapoBenchmark(String name, DacapoCnf cnf, HarnessJar jar) implements Benchmark {

    @Override
    public List<String> javaArguments(RunOptions options, Path agentJar) {
        String size = DacapoSuite.size(options);
        List<String> args = new ArrayList<>();
        args.add(WarmupCount.option(options.warmup()));
        args.addAll(moduleOptions());
        args.add("-cp");
        args.add(jar.path() + File.pathSeparator + agentJar);
        args.add(DacapoSuite.MAIN_CLASS);
        args.addAll(List.of("-c", DacapoSuite.CALLBACK_CLASS, "-n", Integer.toString(RunShape.total(options))));
        int threads = DacapoSuite.threadCount(cnf, size, options.threads());
        if (threads > 0) {
            args.addAll(List.of("-t", Integer.toString(threads)));
        }
        if (!"default".equals(size)) {
            args.addAll(List.of("-s", size));
        }
        args.add(name);
        return args;
    }

    /** The manifest's {@code Add-Exports}/{@code Add-Opens}, which only {@code -jar} would apply, as java options. */
    private List<String> moduleOptions() {
        Set<String> options = new LinkedHashSet<>(); // DaCapo's manifest names some packages twice
        for (String attribute : List.of("Add-Exports", "Add-Opens")) {
            String option = "--" + attribute.toLowerCase(Locale.ROOT) + "=";
            jar.manifestAttribute(attribute).ifPresent(value -> {
                for (String modulePackage : value.trim().split("\\s+")) {
                    if (!modulePackage.isEmpty()) {
                        options.add(option + modulePackage + "=ALL-UNNAMED");
                    }
                }
            });
        }
        return List.copyOf(options);
    }

    @Override
    public boolean marksIterations() {
        return true;
    }

    @Override
    public Optional<String> paperCounterpart() {
        return Optional.of(name);
    }
}
