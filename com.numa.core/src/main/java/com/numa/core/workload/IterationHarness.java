package com.numa.core.workload;

import com.numa.core.window.MeasurementWindow;
import java.util.function.Function;

/**
 * Runs a workload's iterations and marks each one with {@link MeasurementWindow}, so PerfUtil and the
 * profiler measure the same iterations the runner times. Iterations are numbered 1.. warmup+iterations, warm-ups
 * first. Set-up (workers, input) happens before the first mark, so it stays outside every iteration.
 *
 * <p>Every iteration of a workload must return the same value: that is the harness's pass verdict, and the value is
 * the checksum printed as the only line on stdout ({@code checksum=<16 hex digits>}).
 *
 * <p>One harness, one command line ({@link WorkloadArguments}), one way to mark iterations for numa characterize's
 * built-in workloads and the drivers of the real applications (modules {@code apps} and {@code spark}) alike.
 */
public final class IterationHarness {
    /** Exit status when an iteration returned a value different from the first one. */
    static final int FAILED_VALIDATION = 1;

    private IterationHarness() {
    }

    /** The main method of every workload: parse, set up, iterate, print the checksum, exit. */
    public static void main(String benchmark, String[] args, Function<WorkloadArguments, Workload> setUp) throws InterruptedException {
        WorkloadArguments arguments = WorkloadArguments.parseOrExit(benchmark, args);
        Result result = run(benchmark, arguments, setUp);
        System.out.printf("checksum=%016x%n", result.checksum());
        if (!result.passed()) {
            System.err.println(benchmark + ": an iteration returned a different result than the first one");
            System.exit(FAILED_VALIDATION);
        }
    }

    /** What a run produced: the first iteration's value and whether every other iteration agreed with it. */
    public record Result(long checksum, boolean passed) {
    }

    /** Sets the workload up, runs warm-ups then measured iterations, marks each, and closes the workload. */
    public static Result run(String benchmark, WorkloadArguments arguments, Function<WorkloadArguments, Workload> setUp)
            throws InterruptedException {
        long expected = 0;
        boolean allPassed = true;
        try (Workload workload = setUp.apply(arguments)) {
            int total = arguments.warmup() + arguments.iterations();
            for (int i = 1; i <= total; i++) {
                boolean warmup = i <= arguments.warmup();
                MeasurementWindow.iterationStarted(benchmark, i, warmup);
                long value = workload.iteration();
                if (i == 1) {
                    expected = value;
                }
                boolean passed = value == expected;
                allPassed &= passed;
                MeasurementWindow.iterationEnded(benchmark, i, warmup, passed);
            }
        }
        return new Result(expected, allPassed);
    }
}
