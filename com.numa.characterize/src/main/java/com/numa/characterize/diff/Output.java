package com.numa.characterize.diff;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What one output directory holds, as {@code numa diff} compares it.
 *
 * @param kind         what it is
 * @param dir          where it is
 * @param program      the program it is of: the main class or jar's file name (or -XX:NUMALabel) of a profile, the
 *                     applications of a characterization joined by ", "; "" when the output does not say
 * @param conditions   what shapes its numbers besides the program (topology, sampling, thresholds, options), by name
 * @param applications per application (one for a profile or a diagnosis)
 * @param issues       a diagnosis's issues in rank order; empty for other kinds
 * @param warnings     what weakens this output (an incomplete profile), one line each
 */
public record Output(Kind kind, Path dir, String program, Map<String, String> conditions, List<Application> applications,
        List<Issue> issues, List<String> warnings) {

    /** The kinds of output {@code numa diff} compares; two outputs compared must be of one kind. */
    public enum Kind {
        CHARACTERIZATION("characterization (numa characterize)"), DIAGNOSIS("diagnosis (numa diagnose)"),
        PROFILE("profile (numa vm -XX:+NUMAProfiler)");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One application's numbers.
     *
     * @param categories    label by column of categories.csv (parallelism, data_dependency, locality_bound,
     *                      confidence); empty for a profile
     * @param sharedReadPct Table 4, or the profile's totals
     * @param medianMs      Table 6's median iteration time by configuration (single, dual, all), with the range of
     *                      the measured iterations where the run's record is there
     */
    public record Application(String name, Map<String, String> categories, Measured sharedReadPct,
            Measured sharedWritePct, Map<String, Measured> medianMs) {
    }
}
