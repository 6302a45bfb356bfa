package com.numa.bench.speedup;

import com.numa.core.child.ChildReport;
import com.numa.core.window.MeasurementWindow;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.Locale;

/**
 * One run of {@link SpeedupOverhead} in a fresh JVM: {@code <main class> [args...]} runs that program's main on this
 * thread (a built-in workload or an application driver, which mark their iterations with {@link MeasurementWindow}),
 * adds up the process CPU time and wall time of the measured iterations, and prints them as a {@link Result}.
 * {@code none} as the main class runs nothing: the JVM's and the measurement's start-up alone.
 *
 * <p>The result line is written by hand, not with {@link ChildReport#emit} (Jackson): the child must not load
 * libraries the application may bring in other versions, nor do work of its own beside the one it measures.
 */
public final class SpeedupOverheadChild {
    /** The main class that runs nothing. */
    static final String NONE = "none";

    private SpeedupOverheadChild() {
    }

    /**
     * @param windowCpuNs  process CPU time during the measured iterations (10 ms ticks on Linux)
     * @param windowWallNs their wall time
     * @param iterations   how many measured iterations there were
     */
    public record Result(long windowCpuNs, long windowWallNs, int iterations) {
    }

    /** Adds up the measured (non-warm-up) iterations; called on the thread that marks them. */
    static final class Window implements MeasurementWindow.Listener {
        private final com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        private long cpuAtStart;
        private long wallAtStart;
        private long cpuNs;
        private long wallNs;
        private int iterations;

        @Override
        public void iterationStarted(boolean warmup) {
            if (!warmup) {
                wallAtStart = System.nanoTime();
                cpuAtStart = os.getProcessCpuTime();
            }
        }

        @Override
        public void iterationEnded(boolean warmup) {
            if (!warmup) {
                cpuNs += os.getProcessCpuTime() - cpuAtStart;
                wallNs += System.nanoTime() - wallAtStart;
                iterations++;
            }
        }

        Result result() {
            return new Result(cpuNs, wallNs, iterations);
        }
    }

    public static void main(String[] args) throws Throwable {
        if (args.length < 1) {
            throw new IllegalArgumentException("usage: SpeedupOverheadChild <main class>|none [args...]");
        }
        Window window = new Window();
        if (!NONE.equals(args[0])) {
            MeasurementWindow.addListener(window);
            try {
                Class.forName(args[0]).getMethod("main", String[].class)
                        .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
        Result r = window.result();
        System.out.println(ChildReport.MARKER + String.format(Locale.ROOT,
                "{\"windowCpuNs\":%d,\"windowWallNs\":%d,\"iterations\":%d}", r.windowCpuNs(), r.windowWallNs(),
                r.iterations()));
        System.out.flush();
    }
}
