package com.numa.core.stats;

import java.util.Arrays;

/** The summary statistics every tool reports over repeated runs, computed one way. */
public final class Stats {
    private Stats() {
    }

    /** The median (the mean of the two middle values for an even count); NaN for no values. */
    public static double median(double... values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
    }

    public static double median(long... values) {
        return median(Arrays.stream(values).asDoubleStream().toArray());
    }

    /**
     * The lower median (the middle value, or the lower of the two middle ones), so the answer is always one of the
     * measured values: an actual run, not an average. The 50th {@link #percentile}.
     */
    public static long lowerMedian(long... values) {
        return percentile(values, 50);
    }

    /**
     * The nearest-rank percentile: the smallest value with at least {@code pct}% of the values at or below it, always
     * one of the values. An IllegalArgumentException for no values.
     */
    public static long percentile(long[] values, double pct) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        long[] s = values.clone();
        Arrays.sort(s);
        int rank = (int) Math.ceil(pct / 100.0 * s.length);
        return s[Math.max(0, rank - 1)];
    }

    /** The arithmetic mean; NaN for no values. */
    public static double mean(double... values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    /** The smallest value; NaN for no values. */
    public static double min(double... values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    /** The largest value; NaN for no values. */
    public static double max(double... values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }

    /** The geometric mean of positive values (ratios); NaN for no values or a value that is not positive. */
    public static double geomean(double... values) {
        if (values.length == 0 || Arrays.stream(values).anyMatch(v -> !(v > 0))) {
            return Double.NaN;
        }
        return Math.exp(Arrays.stream(values).map(Math::log).sum() / values.length);
    }

    /** The sample standard deviation divided by the mean (0 for fewer than two values). */
    public static double coefficientOfVariation(double... values) {
        if (values.length < 2) {
            return 0;
        }
        double mean = mean(values);
        double ss = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(ss / (values.length - 1)) / mean;
    }
}
