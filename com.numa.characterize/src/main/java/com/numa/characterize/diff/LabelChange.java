package com.numa.characterize.diff;

/**
 * One category of both outputs (parallelism, data dependency, locality-bound, confidence); "" where a side has none.
 */
public record LabelChange(String application, String measure, String before, String after) {

    public Verdict verdict() {
        if (before.isEmpty() && after.isEmpty()) {
            return Verdict.NOT_MEASURED;
        }
        if (after.isEmpty()) {
            return Verdict.ONLY_BEFORE;
        }
        if (before.isEmpty()) {
            return Verdict.ONLY_AFTER;
        }
        return before.equals(after) ? Verdict.SAME : Verdict.CHANGED;
    }
}
