package com.numa.core.classification;

import java.util.Locale;

/**
 * How far a verdict can be trusted, from its {@link Evidence}: {@code high} (every figure well inside the documented
 * limits), {@code medium} (a figure near a threshold, or evidence thinner than it should be), {@code low} (the evidence
 * is weak: read the reasons), {@code uncertain} (below the limits: no category is given).
 */
public enum Confidence {
    HIGH, MEDIUM, LOW, UNCERTAIN;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The weaker of the two. */
    public Confidence min(Confidence other) {
        return ordinal() >= other.ordinal() ? this : other;
    }
}
