package com.numa.characterize.suite;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.WorkloadSize;
import java.util.ArrayList;
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

    /** True when {@code name} is to run: {@link #only} names it, or is empty. */
    public boolean wants(String name) {
        return only.isEmpty() || only.contains(name);
    }

    /**
     * Throws IllegalArgumentException for a name of {@link #only} not among {@code known}: "no {@code what} 'x'; the
     * {@code suite} has a, b, c".
     */
    public void checkOnly(List<String> known, String what, String suite) {
        for (String name : only) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("no " + what + " '" + name + "'; the " + suite + " has "
                        + String.join(", ", known));
            }
        }
    }

    /**
     * The java arguments a suite gives a program that runs through the iteration harness
     * ({@link WorkloadArguments}) for a run with these options:
     * {@code -cp <classPath> <mainClass> threads= size= warmup= iterations=}. Threads 0 or less and a blank size leave
     * the program's defaults; a {@code quick} run uses the small size.
     */
    public List<String> harnessArguments(String classPath, String mainClass) {
        List<String> args = new ArrayList<>(List.of("-cp", classPath, mainClass));
        if (threads > 0) {
            args.add("threads=" + threads);
        }
        String chosen = quick ? WorkloadSize.SMALL.argument() : size;
        if (chosen != null && !chosen.isBlank()) {
            args.add("size=" + WorkloadSize.of(chosen).argument());
        }
        args.add("warmup=" + warmup);
        args.add("iterations=" + iterations);
        return List.copyOf(args);
    }
}
