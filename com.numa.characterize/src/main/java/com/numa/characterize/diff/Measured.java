package com.numa.characterize.diff;

import com.numa.core.stats.Stats;
import java.util.List;

/**
 * One number as an output holds it: its value (the median, where the output kept repeats such as measured iterations)
 * and the range the repeats spread over. Measured once, the range is the value itself and the noise is unknown.
 *
 * @param value   the median of the repeats, or the one value; NaN when not measured
 * @param low     the smallest repeat
 * @param high    the largest repeat
 * @param repeats how many values it rests on (0: not measured)
 */
public record Measured(double value, double low, double high, int repeats) {
    public static final Measured NONE = new Measured(Double.NaN, Double.NaN, Double.NaN, 0);

    /** A value measured once (NaN: not measured). */
    public static Measured once(double value) {
        return Double.isNaN(value) ? NONE : new Measured(value, value, value, 1);
    }

    /** The median of {@code values} with their range; {@link #NONE} for none. */
    public static Measured ofRepeats(List<Double> values) {
        if (values.isEmpty()) {
            return NONE;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        return new Measured(Stats.median(v), Stats.min(v), Stats.max(v), v.length);
    }

    public boolean present() {
        return repeats > 0;
    }

    /** Repeats give the range the value moves in between iterations or runs. */
    public boolean noiseKnown() {
        return repeats > 1;
    }

    /** The range's width as a percentage of the value; NaN when the noise is unknown. */
    public double spreadPct() {
        return noiseKnown() && value != 0 ? 100 * (high - low) / Math.abs(value) : Double.NaN;
    }

    /**
     * This value over {@code divisor} (Table 6's Single / All Nodes): the range from the extremes, so that the ratio
     * is as noisy as the two times it comes from.
     */
    public Measured over(Measured divisor) {
        if (!present() || !divisor.present()) {
            return NONE;
        }
        return new Measured(value / divisor.value, low / divisor.high, high / divisor.low,
                Math.min(repeats, divisor.repeats));
    }

    /** The two ranges have values in common: what one side measured could have been measured on the other. */
    boolean overlaps(Measured other) {
        return low <= other.high && other.low <= high;
    }
}
