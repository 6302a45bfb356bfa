package com.numa.characterize.diff;

/**
 * One number of both outputs: a shared-access share, a Table 6 time, an issue's score.
 *
 * @param application the application it belongs to
 * @param measure     what it is, e.g. "shared reads" or "Single Node median"
 * @param unit        its unit, e.g. "%" or "ms"
 */
public record NumberChange(String application, String measure, String unit, Measured before, Measured after) {

    /**
     * The rule of {@code numa diff}: equal values are the same; where either side has repeats, ranges that overlap
     * are within noise and ranges apart are a change; two single values that differ are a change whose noise is
     * unknown.
     */
    public Verdict verdict() {
        if (!before.present() && !after.present()) {
            return Verdict.NOT_MEASURED;
        }
        if (!after.present()) {
            return Verdict.ONLY_BEFORE;
        }
        if (!before.present()) {
            return Verdict.ONLY_AFTER;
        }
        if (before.value() == after.value()) {
            return Verdict.SAME;
        }
        if (!before.noiseKnown() && !after.noiseKnown()) {
            return Verdict.CHANGED_NOISE_UNKNOWN;
        }
        return before.overlaps(after) ? Verdict.WITHIN_NOISE : Verdict.CHANGED;
    }

    /** After less before; NaN unless both were measured. */
    public double delta() {
        return after.value() - before.value();
    }

    /** The change as a percentage of the before value; NaN unless both were measured and before is not 0. */
    public double deltaPct() {
        return before.value() == 0 ? Double.NaN : 100 * delta() / Math.abs(before.value());
    }
}
