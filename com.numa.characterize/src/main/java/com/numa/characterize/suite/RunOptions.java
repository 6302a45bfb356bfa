package com.numa.characterize.suite;

import java.util.List;

/**
 * What the user asked of every benchmark of a characterization run.
 *
 * @param threads    worker threads ({@code {threads}} in a single application's arguments; the harness's thread option)
 * @param warmup     warm-up iterations (outside the measurement window)
 * @param iterations measured iterations
 * @param size       input size (a harness's size name, or a built-in workload's scale: small, default, large)
 * @param quick      a short first look: small inputs, few iterations
 * @param only       benchmark names to run ({@code --bench}); empty = all of the suite
 */
public record RunOptions(int threads, int warmup, int iterations, String size, boolean quick, List<String> only) {
    public RunOptions {
        only = List.copyOf(only);
    }
}
