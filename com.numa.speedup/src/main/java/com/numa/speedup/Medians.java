package com.numa.speedup;

import java.util.Arrays;

/** Medians of repeated runs. */
final class Medians {
    private Medians() {
    }

    /** The lower median, so the answer is always one of the measured values (an actual run, not an average). */
    static long lower(long... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(sorted.length - 1) / 2];
    }
}
