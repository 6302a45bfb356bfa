package com.numa.bench.profiler;

import com.numa.profiler.rt.AccessSink;
import com.numa.profiler.rt.Hooks;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of sampled mode on array-exchange's inner loop (see {@code com.numa.bench.workloads.ArrayExchange}), one
 * thread, no agent: the loop as written, and the same loop with the calls the sampled-mode rewriting inserts (the
 * countdown local passed through {@code Hooks.*Sampled}, handed back to the thread's slot around the one call), written
 * out by hand. The sink does nothing, so what is measured is the cost of the hooks themselves, not of the profiler's
 * bookkeeping: {@code sampling=1048576} is an expired countdown about once per million accesses, {@code 64} the
 * default rate.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SampledHookFloorBenchmark {
    private static final int LENGTH = 4096;
    private static final int ROUNDS = 16;

    @Param({"64", "1048576"})
    int sampling;

    private final Object[] shared = new Object[LENGTH];
    private final Object[] mine = new Object[LENGTH];

    /** Counts what reaches it, so the JIT cannot drop the call. */
    static final class CountingSink implements AccessSink {
        long seen;

        @Override public void read(Object o) { seen++; }
        @Override public void write(Object o) { seen++; }
        @Override public void readArray(Object array, int index) { seen += index & 1; }
        @Override public void writeArray(Object array, int index) { seen += index & 1; }
        @Override public void readStatic(int classId) { seen++; }
        @Override public void writeStatic(int classId) { seen++; }
        @Override public void allocated(Object o, int siteId) { }
        @Override public void primitiveArrayMade(int length, int siteAndScale, int weight) { }
        @Override public void explicitGc() { }
        @Override public void controlPoint(int id) { }
    }

    private final CountingSink sink = new CountingSink();

    @Setup
    public void setUp() {
        for (int i = 0; i < LENGTH; i++) {
            shared[i] = Integer.valueOf(i);
        }
        Hooks.setSampling(sampling);
        Hooks.install(sink);
        Hooks.setActive(true);
    }

    @TearDown
    public void tearDown() {
        Hooks.setActive(false);
        Hooks.install(null);
        if (sampling == 64 && sink.seen == 0) {
            throw new IllegalStateException("no sampled access reached the sink: the benchmark measures nothing");
        }
    }

    @Benchmark
    public long loopAsWritten() {
        Object[] shared = this.shared;
        Object[] mine = this.mine;
        long sum = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = r & 1; i < LENGTH; i += 2) {
                Object o = shared[i];
                mine[i] = o;
                shared[i] = mine[(i + 1) & (LENGTH - 1)] == null ? o : mine[(i + 1) & (LENGTH - 1)];
                sum += o.hashCode() & 1;
            }
        }
        return sum;
    }

    @Benchmark
    public long loopWithSampledHooks() {
        Object[] shared = this.shared;
        Object[] mine = this.mine;
        int countdown = Hooks.countdown();
        long sum = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = r & 1; i < LENGTH; i += 2) {
                countdown = Hooks.readArraySampled(shared, i, countdown);
                Object o = shared[i];
                countdown = Hooks.writeArraySampled(mine, i, countdown);
                mine[i] = o;
                int next = (i + 1) & (LENGTH - 1);
                countdown = Hooks.readArraySampled(mine, next, countdown);
                Object value = o;
                if (mine[next] != null) {
                    countdown = Hooks.readArraySampled(mine, next, countdown);
                    value = mine[next];
                }
                countdown = Hooks.writeArraySampled(shared, i, countdown);
                shared[i] = value;
                Hooks.storeCountdown(countdown);
                sum += o.hashCode() & 1;
                countdown = Hooks.countdown();
            }
        }
        Hooks.storeCountdown(countdown);
        return sum;
    }
}
