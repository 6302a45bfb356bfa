package com.numa.characterize.run;

import com.numa.characterize.analysis.Locality;
import com.numa.characterize.analysis.Parallelism;
import com.numa.characterize.analysis.Verdict;
import com.numa.characterize.suite.AcceptableCategories;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the study says about one application.
 *
 * @param name            the benchmark's name
 * @param counterpart     the ISMM'23 benchmark it stands for, or ""
 * @param expected        the categories acceptable for it (its ground truth), or null
 * @param runs            every run, by configuration and kind (e.g. "single-counters")
 * @param parallelism     Table 2 (Single Node), null when that run failed
 * @param profile         Table 4 inputs, null when not profiled or failed
 * @param locality        Table 5
 * @param medianNs        median measured iteration time per configuration
 * @param verdict         the categories and the recommendation, null when the Single Node run failed
 * @param failures        why runs failed, empty when none did
 * @param measured        what the counters and times cover: the measured iterations, a method window, or the whole run
 * @param warnings        what did not fail a run but weakens its numbers, each once with the runs it concerns
 */
public record ApplicationResult(String name, String counterpart, AcceptableCategories expected, Map<String, RunRecord> runs,
        Parallelism parallelism, ProfileSummary profile, Locality locality, Map<String, Double> medianNs, Verdict verdict,
        List<String> failures, String measured, List<String> warnings) {

    public ApplicationResult {
        failures = List.copyOf(failures);
        warnings = List.copyOf(warnings);
    }

    /**
     * Where Table 2's counters come from: Single Node, as in the study, or the first configuration whose counters run
     * succeeded ({@link Characterization}); empty when none did.
     */
    public Optional<Configuration> parallelismMeasuredIn() {
        RunRecord single = runs.get(Configuration.SINGLE.option() + "-counters");
        if (single != null && single.succeeded()) {
            return Optional.of(Configuration.SINGLE);
        }
        return runs.values().stream().filter(r -> r.kind().equals("counters") && r.succeeded()).findFirst()
                .map(r -> Configuration.of(r.configuration()));
    }

    /** Where the profile of Table 4 ran ({@link Characterization#profiledOn}); empty when it did not succeed. */
    public Optional<Configuration> profiledIn() {
        return profile == null ? Optional.empty() : runs.values().stream()
                .filter(r -> r.kind().equals("profile") && r.succeeded()).findFirst()
                .map(r -> Configuration.of(r.configuration()));
    }

    /**
     * A result measured outside the study's configurations (one JVM of many, or all of them, in {@code numa merge}):
     * Table 2 and Table 4 only, no locality, scaling or verdict.
     */
    public static ApplicationResult measuredOnly(String name, Parallelism parallelism, ProfileSummary profile,
            String measured) {
        return new ApplicationResult(name, "", null, Map.of(), parallelism, profile, Locality.NOT_MEASURED, Map.of(), null,
                List.of(), measured, List.of());
    }
}
