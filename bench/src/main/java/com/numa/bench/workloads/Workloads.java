package com.numa.bench.workloads;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.DoubleFunction;

/** The built-in workloads by name, each sized by a scale factor (1.0 ≈ 2–4 s on one core of the development VM). */
public final class Workloads {
    private static final Map<String, DoubleFunction<Workload>> ALL = new TreeMap<>(Map.of(
            SingleThreadedLoop.NAME, SingleThreadedLoop::new,
            BalancedWorkers.NAME, BalancedWorkers::new,
            ImbalancedWorkers.NAME, ImbalancedWorkers::new));

    private Workloads() {
    }

    public static List<String> names() {
        return List.copyOf(ALL.keySet());
    }

    public static Workload create(String name, double scale) {
        DoubleFunction<Workload> f = ALL.get(name);
        if (f == null) {
            throw new IllegalArgumentException("unknown workload '" + name + "': choose one of " + names());
        }
        if (!(scale > 0)) {
            throw new IllegalArgumentException("workload scale must be > 0, got " + scale);
        }
        return f.apply(scale);
    }

    /** Mixed integer work and short-lived allocation over {@code steps} steps; shared by the workloads. */
    static long churn(long steps, long seed) {
        long x = seed;
        long[] window = new long[256];
        for (long i = 0; i < steps; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            window[(int) (i & 255)] ^= x >>> 17;
            if ((i & 1023) == 0) {
                long[] tmp = new long[32]; // young-generation allocation, as real programs do
                tmp[(int) (x & 31)] = x;
                x += tmp[(int) ((x >>> 8) & 31)];
            }
        }
        long s = 0;
        for (long v : window) {
            s += v;
        }
        return s ^ x;
    }

    /** Runs {@code steps[i]} of churn on thread i (named prefix-i) and joins them. */
    static long onThreads(String prefix, long[] steps) throws InterruptedException {
        long[] results = new long[steps.length];
        Thread[] ts = new Thread[steps.length];
        for (int i = 0; i < steps.length; i++) {
            int k = i;
            ts[i] = new Thread(() -> results[k] = churn(steps[k], k + 1), prefix + i);
            ts[i].start();
        }
        long sum = 0;
        for (int i = 0; i < ts.length; i++) {
            ts[i].join();
            sum += results[i];
        }
        return sum;
    }
}
