package com.numa.characterize.validation;

import com.numa.characterize.suite.AcceptableCategories;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A validation program as the runner starts it: {@code -cp numa-validation.jar <main class> <arguments>}, a plain
 * application that marks no iterations, so its window is its whole run, as for any user's program.
 */
final class ValidationBenchmark implements Benchmark {
    private final ValidationProgram program;
    private final Path jar;

    ValidationBenchmark(ValidationProgram program, Path jar) {
        this.program = program;
        this.jar = jar;
    }

    @Override
    public String name() {
        return program.name();
    }

    @Override
    public List<String> javaArguments(RunOptions options, Path agentJar) {
        List<String> out = new ArrayList<>(List.of("-cp", jar.toString(), program.mainClass()));
        out.addAll(program.arguments(options.threads(), ValidationSuite.scale(options.size())));
        return out;
    }

    @Override
    public boolean marksIterations() {
        return false;
    }

    @Override
    public Optional<AcceptableCategories> acceptableCategories() {
        return Optional.of(program.truth());
    }

    @Override
    public String toString() {
        return name();
    }
}
