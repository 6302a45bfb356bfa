package com.numa.characterize.harness;

import com.numa.core.window.MeasurementWindow;
import java.util.OptionalInt;
import org.renaissance.Plugin;

/**
 * Renaissance's plugin for {@code numa characterize}
 * ({@code --plugin <agent jar>!com.numa.characterize.harness.NumaRenaissancePlugin}): marks every repetition in
 * {@link MeasurementWindow}.
 *
 * <p>Warm-ups are the first {@code W} repetitions, {@code W} from {@code --with-arg warmup=W} or else
 * {@code -Dnuma.warmup=W}; without either every repetition is measured (Renaissance itself makes no difference).
 *
 * <p>Where the marks sit: Renaissance calls {@code afterOperationSetUp} after its forced GC and the repetition's
 * set-up, right before the timed operation. The duration is Renaissance's own ({@code duration_ns}). A repetition is
 * ended when its verdict is known: its {@code duration_ns} result is published only after validation passed, and a
 * benchmark torn down with a repetition still open failed it (an exception or a failed validation).
 */
public final class NumaRenaissancePlugin implements Plugin.AfterOperationSetUpListener,
        Plugin.BeforeOperationTearDownListener, Plugin.MeasurementResultListener, Plugin.BeforeBenchmarkTearDownListener {
    private static final String DURATION_METRIC = "duration_ns";
    private static final String WARMUP_ARG = "warmup=";

    private final int warmups;
    private String open;
    private int iteration;
    private boolean warmup;
    private long startNs;
    private long durationNs = -1;

    /** Loaded without {@code --with-arg}. */
    public NumaRenaissancePlugin() {
        this(new String[0]);
    }

    /** Renaissance passes the {@code --with-arg} values given after {@code --plugin}: {@code warmup=W}. */
    public NumaRenaissancePlugin(String[] args) {
        OptionalInt w = WarmupCount.fromSystemProperty();
        for (String arg : args) {
            if (!arg.startsWith(WARMUP_ARG)) {
                throw new IllegalArgumentException("unknown argument '" + arg + "' (expected " + WARMUP_ARG + "<count>)");
            }
            w = OptionalInt.of(WarmupCount.parse(arg.substring(WARMUP_ARG.length()), "--with-arg " + WARMUP_ARG));
        }
        warmups = w.orElse(0);
    }

    @Override
    public void afterOperationSetUp(String benchmark, int opIndex, boolean isLastOp) {
        open = benchmark;
        iteration = opIndex + 1;
        warmup = WarmupCount.isWarmup(iteration, warmups);
        durationNs = -1;
        MeasurementWindow.iterationStarted(benchmark, iteration, warmup);
        startNs = System.nanoTime();
    }

    @Override
    public void beforeOperationTearDown(String benchmark, int opIndex, long durationNanos) {
        durationNs = durationNanos;
    }

    @Override
    public void onMeasurementResult(String benchmark, String metric, long value) {
        if (DURATION_METRIC.equals(metric) && benchmark.equals(open)) {
            end(true, value);
        }
    }

    @Override
    public void beforeBenchmarkTearDown(String benchmark) {
        if (benchmark.equals(open)) {
            end(false, durationNs >= 0 ? durationNs : System.nanoTime() - startNs);
        }
    }

    private void end(boolean passed, long ns) {
        MeasurementWindow.iterationEnded(open, iteration, warmup, passed, ns);
        open = null;
    }
}
