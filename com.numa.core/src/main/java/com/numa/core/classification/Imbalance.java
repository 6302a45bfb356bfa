package com.numa.core.classification;

/** Eq. (1) of the ISMM'23 study: the imbalance of a quantity between threads, one implementation for every user. */
public final class Imbalance {
    private Imbalance() {
    }

    /** Population standard deviation over mean, in %; 0 for fewer than two values or a mean of 0. */
    public static double pct(double... values) {
        if (values.length < 2) {
            return 0;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / values.length;
        if (!(mean > 0)) {
            return 0;
        }
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return 100 * Math.sqrt(ss / values.length) / mean;
    }
}
