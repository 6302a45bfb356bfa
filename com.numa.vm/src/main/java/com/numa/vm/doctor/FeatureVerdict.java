package com.numa.vm.doctor;

/**
 * What one feature will do on the inspected machine: {@code FULL}, {@code DEGRADED} (why), or {@code OFF} (why, and the
 * fix). {@code fix} is empty for a full feature.
 */
public record FeatureVerdict(String feature, Level level, String why, String fix) {

    public enum Level {
        FULL, DEGRADED, OFF;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static FeatureVerdict full(String feature, String what) {
        return new FeatureVerdict(feature, Level.FULL, what, "");
    }

    static FeatureVerdict degraded(String feature, String why, String fix) {
        return new FeatureVerdict(feature, Level.DEGRADED, why, fix);
    }

    static FeatureVerdict off(String feature, String why, String fix) {
        return new FeatureVerdict(feature, Level.OFF, why, fix);
    }

    /** One line: {@code feature: level (why; fix: ...)}. */
    public String line() {
        return String.format(java.util.Locale.ROOT, "%-22s %-8s %s%s", feature, level.word(), why,
                fix.isEmpty() ? "" : "; fix: " + fix);
    }
}
