package com.numa.characterize.harness;

import java.util.OptionalInt;

/**
 * The one rule both adapters share: iteration {@code i} (from 1) is a warm-up when {@code i <= W}. The harnesses'
 * own notions differ (DaCapo times only its last iteration, Renaissance treats all repetitions alike), so the suite
 * passes {@code W} to the child JVM explicitly and the adapters count for themselves.
 */
final class WarmupCount {
    /** System property of the child JVM holding {@code W}. */
    static final String PROPERTY = "numa.warmup";

    private WarmupCount() {
    }

    /** {@code W} from {@value #PROPERTY}, if set; a value that is not a count is an error, not a silent zero. */
    static OptionalInt fromSystemProperty() {
        String value = System.getProperty(PROPERTY);
        return value == null || value.isBlank() ? OptionalInt.empty() : OptionalInt.of(parse(value, "-D" + PROPERTY));
    }

    /** {@code text} as a warm-up count; {@code where} names its origin in the error. */
    static int parse(String text, String where) {
        try {
            int w = Integer.parseInt(text.trim());
            if (w >= 0) {
                return w;
            }
        } catch (NumberFormatException e) {
            // reported below with the origin
        }
        throw new IllegalArgumentException(where + " must be a warm-up count (0 or more), not '" + text + "'");
    }

    static boolean isWarmup(int iteration, int warmups) {
        return iteration <= warmups;
    }

    /** The {@code -D} option that gives a child JVM {@code warmups}. */
    static String option(int warmups) {
        return "-D" + PROPERTY + "=" + warmups;
    }
}
