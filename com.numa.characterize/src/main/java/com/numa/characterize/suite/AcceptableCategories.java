package com.numa.characterize.suite;

import com.numa.core.classification.Confidence;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.ParallelismCategory;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The answers the study may give for a benchmark, as category labels: a set for parallelism and one for data dependency,
 * and why, when a set holds more than one answer. Labels rather than types, so the classification's own types can change
 * without touching any ground truth.
 *
 * @param parallelism    acceptable Figure 2 labels (Single-Threaded, TLP-Bound, ...) or {@link #UNCERTAIN}
 * @param dataDependency acceptable Figure 3 labels (Data Parallel, ...) or {@link #UNCERTAIN}
 * @param why            why more than one answer is acceptable, or why the answer is what it is ("" when obvious)
 * @param parallelismIfWeak Figure 2 labels acceptable only at low confidence or below: a wrong answer the evidence
 *                       cannot rule out, as long as the verdict says it is weak (empty: none)
 */
public record AcceptableCategories(Set<String> parallelism, Set<String> dataDependency, String why,
        Set<String> parallelismIfWeak) {
    /** The label of a category the evidence of a run is too weak to decide (the classification's own label). */
    public static final String UNCERTAIN = ParallelismCategory.UNCERTAIN.label();

    public AcceptableCategories {
        parallelism = checked(parallelism, Arrays.stream(ParallelismCategory.values()).map(ParallelismCategory::label).toList());
        dataDependency = checked(dataDependency, Arrays.stream(DataDependency.values()).map(DataDependency::label).toList());
        parallelismIfWeak = parallelismIfWeak.isEmpty() ? Set.of()
                : checked(parallelismIfWeak, Arrays.stream(ParallelismCategory.values()).map(ParallelismCategory::label).toList());
    }

    /** Every acceptable answer at any confidence. */
    public AcceptableCategories(Set<String> parallelism, Set<String> dataDependency, String why) {
        this(parallelism, dataDependency, why, Set.of());
    }

    /** Exactly one answer each: a built-in workload's designed categories. */
    public static AcceptableCategories exactly(ExpectedCategories c) {
        return new AcceptableCategories(Set.of(c.parallelism().label()), Set.of(c.dataDependency().label()), "");
    }

    /** True when both labels are acceptable; a data dependency of null (not profiled) is judged on parallelism alone. */
    public boolean accepts(String parallelismLabel, String dataDependencyLabel) {
        return parallelism.contains(parallelismLabel) && (dataDependencyLabel == null || dataDependency.contains(dataDependencyLabel));
    }

    /** As {@link #accepts(String, String)}, with the verdict's confidence ({@link Confidence#label()}) for the weak answers. */
    public boolean accepts(String parallelismLabel, String dataDependencyLabel, String confidenceLabel) {
        return acceptsParallelism(parallelismLabel, confidenceLabel)
                && (dataDependencyLabel == null || dataDependency.contains(dataDependencyLabel));
    }

    /** The parallelism label is acceptable at this confidence ({@link Confidence#label()}). */
    public boolean acceptsParallelism(String parallelismLabel, String confidenceLabel) {
        boolean weak = Confidence.LOW.label().equals(confidenceLabel) || Confidence.UNCERTAIN.label().equals(confidenceLabel);
        return parallelism.contains(parallelismLabel) || (weak && parallelismIfWeak.contains(parallelismLabel));
    }

    /** "Explicitly Parallel or Imbalanced, Read & Write Dependencies"; weak answers in brackets ("(Imbalanced at low confidence)"). */
    public String describe() {
        String weak = parallelismIfWeak.isEmpty() ? ""
                : " (" + String.join(" or ", parallelismIfWeak) + " at low confidence)";
        return String.join(" or ", parallelism) + weak + ", " + String.join(" or ", dataDependency);
    }

    private static Set<String> checked(Set<String> labels, List<String> allowed) {
        if (labels.isEmpty() || !allowed.containsAll(labels)) {
            throw new IllegalArgumentException("acceptable categories " + labels + " must be some of " + allowed);
        }
        // in the categories' own order: Set.of iterates in an order that changes from one JVM to the next
        Set<String> ordered = new LinkedHashSet<>(allowed);
        ordered.retainAll(labels);
        return java.util.Collections.unmodifiableSet(ordered);
    }
}
