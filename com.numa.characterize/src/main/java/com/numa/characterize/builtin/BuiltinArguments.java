package com.numa.characterize.builtin;

import com.numa.characterize.suite.RunOptions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The command line every built-in workload shares: {@code threads=N size=small|default|large warmup=W iterations=I},
 * each optional, each at most once. One grammar for all seven so the suite can start any of them the same way.
 *
 * @param threads    worker threads of the workloads that take the count from the user (default: available processors)
 * @param size       the input scale
 * @param warmup     warm-up iterations, outside the measurement window
 * @param iterations measured iterations
 */
public record BuiltinArguments(int threads, WorkloadSize size, int warmup, int iterations) {
    /** Exit status for a command line we cannot run (as the launcher's own bad-option status). */
    public static final int BAD_ARGUMENTS = 2;

    static final String USAGE = "threads=N size=small|default|large warmup=W iterations=I";
    private static final int MAX_THREADS = 4096;

    public BuiltinArguments {
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
    public static BuiltinArguments defaults() {
        return new BuiltinArguments(Runtime.getRuntime().availableProcessors(), WorkloadSize.DEFAULT, 1, 3);
    }

    /** Parses {@code args}; IllegalArgumentException with a one-line message naming the bad argument. */
    public static BuiltinArguments parse(String... args) {
        BuiltinArguments d = defaults();
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
        return new BuiltinArguments(threads, size, warmup, iterations);
    }

    /** As {@link #parse}, but a bad command line ends the JVM: one line on stderr and exit status 2. */
    static BuiltinArguments parseOrExit(String workload, String... args) {
        try {
            return parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(workload + ": " + e.getMessage());
            System.exit(BAD_ARGUMENTS);
            throw e; // not reached
        }
    }

    /**
     * The java arguments a suite gives a program that takes these arguments, for a run with {@code options}:
     * {@code -cp <classPath> <mainClass> threads= size= warmup= iterations=}. Threads 0 or less and a blank size leave
     * the program's defaults; a {@code quick} run uses the small size.
     */
    public static List<String> javaArguments(String classPath, String mainClass, RunOptions options) {
        List<String> args = new ArrayList<>(List.of("-cp", classPath, mainClass));
        if (options.threads() > 0) {
            args.add("threads=" + options.threads());
        }
        String size = options.quick() ? WorkloadSize.SMALL.argument() : options.size();
        if (size != null && !size.isBlank()) {
            args.add("size=" + WorkloadSize.of(size).argument());
        }
        args.add("warmup=" + options.warmup());
        args.add("iterations=" + options.iterations());
        return List.copyOf(args);
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
