package com.numa.validation;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Sums a function of a large array that main filled, with a RecursiveTask splitting the range in halves down to
 * 8,192 elements, on a ForkJoinPool of the given parallelism; repeated a few times. Arguments: threads (4), array
 * length (4,000,000), passes (6).
 */
public final class ForkJoinSum {
    static final int LEAF = 8_192;

    static final class Sum extends RecursiveTask<Double> {
        private final double[] values;
        private final int from;
        private final int to;

        Sum(double[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Double compute() {
            if (to - from <= LEAF) {
                double s = 0;
                for (int i = from; i < to; i++) {
                    s += Math.log1p(values[i]) * Math.cbrt(values[i]);
                }
                return s;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(values, from, mid);
            left.fork();
            double right = new Sum(values, mid, to).compute();
            return right + left.join();
        }
    }

    public static void main(String[] args) {
        int threads = Args.positive(args, 0, "threads", 4);
        int length = Args.positive(args, 1, "array length", 4_000_000);
        int passes = Args.positive(args, 2, "passes", 6);
        double[] values = new double[length];
        for (int i = 0; i < length; i++) {
            values[i] = (i % 10_007) / 3.0;
        }
        ForkJoinPool pool = new ForkJoinPool(threads);
        double total = 0;
        for (int p = 0; p < passes; p++) {
            total += pool.invoke(new Sum(values, 0, length));
        }
        pool.shutdown();
        System.out.printf("sum=%.3f%n", total);
    }
}
