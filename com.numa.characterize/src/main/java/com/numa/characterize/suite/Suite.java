package com.numa.characterize.suite;

import java.util.List;

/** A set of benchmarks the runner characterizes ({@code --suite builtin|apps|dacapo:<jar>|renaissance:<jar>}). */
public interface Suite {

    /** The suite's name in the report. */
    String name();

    /**
     * Its benchmarks, filtered by {@link RunOptions#only()}; throws IllegalArgumentException naming an unknown
     * benchmark and the known ones, or a jar that is not what the suite expects.
     */
    List<Benchmark> benchmarks(RunOptions options);

    /** Benchmarks of the suite that cannot run here (e.g. they need a newer Java), each as "name: why"; said before the runs. */
    default List<String> leftOut(RunOptions options) {
        return List.of();
    }
}
