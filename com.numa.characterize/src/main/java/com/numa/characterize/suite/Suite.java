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
}
