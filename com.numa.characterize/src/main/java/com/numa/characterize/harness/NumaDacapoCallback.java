package com.numa.characterize.harness;

import com.numa.core.window.MeasurementWindow;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import org.dacapo.harness.CommandLineArgs;

/**
 * DaCapo's callback for {@code numa characterize} ({@code Harness -c com.numa.characterize.harness.NumaDacapoCallback}):
 * marks every iteration in {@link MeasurementWindow} and otherwise leaves DaCapo as it is (every override calls
 * super, so its messages, timing and iteration count do not change).
 *
 * <p>Warm-ups are the first {@code -Dnuma.warmup=W} iterations, not DaCapo's "all but the last", so that several
 * iterations can be measured; without the property DaCapo's own verdict ({@link #isWarmup()}) is used.
 *
 * <p>Where the marks sit: DaCapo calls {@code start} after its pre-iteration GC and {@code stop} right after the
 * iteration's work, before validation; the duration is ours, from {@code start} to {@code stop}, in ns (DaCapo's
 * own is in ms). The iteration is ended in {@code complete}, the first point at which the verdict is known.
 */
public class NumaDacapoCallback extends org.dacapo.harness.Callback {
    private final OptionalInt warmups = WarmupCount.fromSystemProperty();
    private final Map<String, Integer> iterationsStarted = new HashMap<>();
    private String benchmark;
    private int iteration;
    private boolean warmup;
    private long startNs;
    private long durationNs = -1;

    /** DaCapo instantiates callbacks through this constructor. */
    public NumaDacapoCallback(CommandLineArgs args) {
        super(args);
    }

    @Override
    public void start(String benchmark) {
        super.start(benchmark); // DaCapo's announcement stays outside the window
        this.benchmark = benchmark;
        iteration = iterationsStarted.merge(benchmark, 1, Integer::sum);
        warmup = warmups.isPresent() ? WarmupCount.isWarmup(iteration, warmups.getAsInt()) : isWarmup();
        durationNs = -1;
        MeasurementWindow.iterationStarted(benchmark, iteration, warmup);
        startNs = System.nanoTime();
    }

    @Override
    public void stop(long duration) {
        durationNs = System.nanoTime() - startNs;
        super.stop(duration);
    }

    @Override
    public void complete(String benchmark, boolean valid) {
        if (benchmark.equals(this.benchmark)) {
            long ns = durationNs >= 0 ? durationNs : System.nanoTime() - startNs;
            MeasurementWindow.iterationEnded(benchmark, iteration, warmup, valid, ns);
            this.benchmark = null;
        }
        super.complete(benchmark, valid);
    }
}
