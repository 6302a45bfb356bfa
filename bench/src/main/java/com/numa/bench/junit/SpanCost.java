package com.numa.bench.junit;

import com.numa.core.stats.Stats;
import com.numa.profiler.ProfileSpan;
import java.util.Arrays;
import java.util.Locale;

/**
 * What numa-junit costs a test method, measured inside a JVM running the numa agent (run it with only this class's
 * directory on the class path: the profiler comes from the agent):
 * <ul>
 * <li>the fixed cost: opening and closing one profiler span (the window, the two snapshots of the counters, the
 * diagnosis over the window when it is on), around an empty body;</li>
 * <li>the cost per access: a loop of field writes and reads on an instrumented object, timed with the window open and
 * closed (the hooks are in the code either way), divided by the accesses the span counted.</li>
 * </ul>
 * Prints one line per figure; the median of {@code rounds} rounds after as many warm-up rounds.
 *
 * <pre>
 * java -javaagent:com.numa.vm/target/numa-agent.jar=NUMAProfiler,NUMAProfilerOnDemand,NUMAProfilerQuiet,NUMAProfilerInclude=com.numa.bench.junit.** \
 *      -cp bench/target/classes com.numa.bench.junit.SpanCost [rounds] [accesses per round]
 * </pre>
 */
public final class SpanCost {
    /** The instrumented workload: a counter pair each loop iteration reads and writes. */
    static final class Cell {
        long value;
        long other;
    }

    private SpanCost() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        if (!profilerRunning()) {
            System.err.println("SpanCost: the NUMAProfiler does not run: start this JVM with "
                    + "-javaagent:numa-agent.jar=NUMAProfiler,NUMAProfilerOnDemand,NUMAProfilerInclude=com.numa.bench.junit.**");
            System.exit(2);
        }
        for (int w = 0; w < 2; w++) { // the first pass warms up
            long[] empty = new long[rounds];
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                ProfileSpan.open().close();
                empty[r] = System.nanoTime() - t0;
            }
            long[] closed = new long[rounds];
            long[] open = new long[rounds];
            long[] counted = new long[rounds];
            Cell cell = new Cell();
            for (int r = 0; r < rounds / 10 + 1; r++) {
                long t0 = System.nanoTime();
                loop(cell, iterations);
                closed[r] = System.nanoTime() - t0;
                ProfileSpan span = ProfileSpan.open();
                long t1 = System.nanoTime();
                loop(cell, iterations);
                open[r] = System.nanoTime() - t1;
                counted[r] = span.close().threads().stream().mapToLong(ProfileSpan.ThreadCounts::accesses).sum();
            }
            if (w == 1) {
                int n = rounds / 10 + 1;
                double accesses = Stats.median(Arrays.copyOf(counted, n));
                double closedNs = Stats.median(Arrays.copyOf(closed, n));
                double openNs = Stats.median(Arrays.copyOf(open, n));
                System.out.printf(Locale.ROOT, "fixed cost per test method (open + close of an empty span): median %.1f us, "
                        + "p90 %.1f us over %d spans%n", Stats.median(empty) / 1e3, Stats.percentile(empty, 90) / 1e3, rounds);
                System.out.printf(Locale.ROOT, "loop of %d iterations: %.0f accesses counted; window closed %.2f ms, open "
                        + "%.2f ms%n", iterations, accesses, closedNs / 1e6, openNs / 1e6);
                System.out.printf(Locale.ROOT, "per profiled access: %.1f ns (window open), %.1f ns more than with the window "
                        + "closed%n", openNs / accesses, (openNs - closedNs) / accesses);
                System.out.println("sink " + cell.value);
            }
        }
    }

    /** False too when the agent is missing altogether (its classes are then not on the class path). */
    private static boolean profilerRunning() {
        try {
            return ProfileSpan.profilerRunning();
        } catch (LinkageError e) {
            return false;
        }
    }

    static void loop(Cell c, int n) {
        for (int i = 0; i < n; i++) {
            c.value += c.other + i;
        }
    }

}
