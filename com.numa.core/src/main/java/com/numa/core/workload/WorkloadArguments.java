package com.numa.core.workload;

import java.util.HashSet;
import java.util.Set;

/**
 * The command line every program run through {@link IterationHarness} shares (numa characterize's built-in workloads,
 * the drivers of the real applications): {@code threads=N size=small|default|large warmup=W iterations=I}, each
 * optional, each at most once. One grammar for all of them so a suite can start any of them the same way.
 *
 * @param threads    worker threads of the workloads that take the count from the user (default: available processors)
 * @param size       the input scale
 * @param warmup     warm-up iterations, outside the measurement window
 * @param iterations measured iterations
 */
public record WorkloadArguments(int threads, WorkloadSize size, int warmup, int iterations) {
    /** Exit status for a command line we cannot run (as the launcher's own bad-option status). */
    public static final int BAD_ARGUMENTS = 2;

    static final String USAGE = "threads=N size=small|default|large warmup=W iterations=I";
    private static final int MAX_THREADS = 4096;

    public WorkloadArguments {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 1.." + MAX_THREADS + ", not " + threads);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("warmup must be 0 or more, not " + warmup);
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be 1 or more, not " + iterations);
        }
    }

    /** The defaults: one worker per available processor, default size, one warm-up, three measured iterations. */
    public static WorkloadArguments defaults() {
        return new WorkloadArguments(Runtime.getRuntime().availableProcessors(), WorkloadSize.DEFAULT, 1, 3);
    }

    /** Parses {@code args}; IllegalArgumentException with a one-line message naming the bad argument. */
    public static WorkloadArguments parse(String... args) {
        WorkloadArguments d = defaults();
        int threads = d.threads();
        WorkloadSize size = d.size();
        int warmup = d.warmup();
        int iterations = d.iterations();
        Set<String> seen = new HashSet<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("bad argument '" + arg + "': expected " + USAGE);
            }
            String key = arg.substring(0, eq);
            String value = arg.substring(eq + 1);
            if (!seen.add(key)) {
                throw new IllegalArgumentException("argument '" + key + "' given twice");
            }
            switch (key) {
                case "threads" -> threads = integer(key, value);
                case "size" -> size = WorkloadSize.of(value);
                case "warmup" -> warmup = integer(key, value);
                case "iterations" -> iterations = integer(key, value);
                default -> throw new IllegalArgumentException("unknown argument '" + arg + "': expected " + USAGE);
            }
        }
        return new WorkloadArguments(threads, size, warmup, iterations);
    }

    /** As {@link #parse}, but a bad command line ends the JVM: one line on stderr and exit status 2. */
    static WorkloadArguments parseOrExit(String workload, String... args) {
        try {
            return parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(workload + ": " + e.getMessage());
            System.exit(BAD_ARGUMENTS);
            throw e; // not reached
        }
    }

    /** The command line that parses back to this. */
    public String[] toArguments() {
        return new String[] {"threads=" + threads, "size=" + size.argument(), "warmup=" + warmup,
            "iterations=" + iterations};
    }

    private static int integer(String key, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad " + key + " '" + value + "': expected a whole number");
        }
    }
}
