package com.numa.characterize.builtin;

import com.numa.characterize.suite.AcceptableCategories;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.ExpectedCategories;
import com.numa.characterize.suite.RunOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A built-in workload as the runner starts it: its main class from the agent jar (which holds this package), with
 * the run's threads, size and iteration counts as {@code key=value} arguments. It marks its own iterations.
 */
final class BuiltinBenchmark implements Benchmark {
    private final BuiltinWorkload workload;

    BuiltinBenchmark(BuiltinWorkload workload) {
        this.workload = workload;
    }

    @Override
    public String name() {
        return workload.benchmarkName();
    }

    /**
     * {@code -cp <agent jar> <main class> threads= size= warmup= iterations=}. A {@code quick} run uses the small
     * size; threads 0 or less and a blank size leave the workload's default (available processors, default).
     */
    @Override
    public List<String> javaArguments(RunOptions options, Path agentJar) {
        return options.harnessArguments(agentJar.toString(), workload.mainClassName());
    }

    @Override
    public boolean marksIterations() {
        return true;
    }

    @Override
    public Optional<String> paperCounterpart() {
        return workload.paperCounterpart();
    }

    @Override
    public Optional<ExpectedCategories> groundTruth() {
        return Optional.of(workload.groundTruth());
    }

    @Override
    public Optional<AcceptableCategories> acceptableCategories() {
        return Optional.of(workload.acceptableCategories());
    }

    @Override
    public String toString() {
        return name();
    }
}
