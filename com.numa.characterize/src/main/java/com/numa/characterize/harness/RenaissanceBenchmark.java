package com.numa.characterize.harness;

import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One Renaissance benchmark: the command line of {@link RenaissanceSuite}. It is one of the study's own benchmarks. */
record RenaissanceBenchmark(String name, RenaissanceMetadata.Entry metadata, Path jar) implements Benchmark {

    @Override
    public List<String> javaArguments(RunOptions options, Path agentJar) {
        String configuration = RenaissanceSuite.configuration(metadata, options);
        List<String> args = new ArrayList<>();
        args.add(WarmupCount.option(options.warmup()));
        args.addAll(List.of("-jar", jar.toString()));
        args.addAll(List.of("--plugin", agentJar + "!" + RenaissanceSuite.PLUGIN_CLASS));
        args.addAll(List.of("-r", Integer.toString(RunShape.total(options))));
        if (!RenaissanceSuite.DEFAULT_CONFIGURATION.equals(configuration)) {
            args.addAll(List.of("-c", configuration));
        }
        if (options.threads() > 0 && metadata.hasParameter(configuration, RenaissanceSuite.THREAD_PARAMETER)) {
            args.addAll(List.of("-o", RenaissanceSuite.THREAD_PARAMETER + "=" + options.threads()));
        }
        args.add(name);
        return args;
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
