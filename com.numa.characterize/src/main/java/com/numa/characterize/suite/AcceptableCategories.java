package com.numa.characterize.suite;

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
 */
public record AcceptableCategories(Set<String> parallelism, Set<String> dataDependency, String why) {
    /** The label of a category the evidence of a run is too weak to decide (the classification's own label). */
    public static final String UNCERTAIN = ParallelismCategory.UNCERTAIN.label();

    public AcceptableCategories {
        parallelism = checked(parallelism, Arrays.stream(ParallelismCategory.values()).map(ParallelismCategory::label).toList());
        dataDependency = checked(dataDependency, Arrays.stream(DataDependency.values()).map(DataDependency::label).toList());
    }

    /** Exactly one answer each: a built-in workload's designed categories. */
    public static AcceptableCategories exactly(ExpectedCategories c) {
        return new AcceptableCategories(Set.of(c.parallelism().label()), Set.of(c.dataDependency().label()), "");
    }

    /** True when both labels are acceptable; a data dependency of null (not profiled) is judged on parallelism alone. */
    public boolean accepts(String parallelismLabel, String dataDependencyLabel) {
        return parallelism.contains(parallelismLabel) && (dataDependencyLabel == null || dataDependency.contains(dataDependencyLabel));
    }

    /** "Explicitly Parallel or Imbalanced, Read & Write Dependencies". */
    public String describe() {
        return String.join(" or ", parallelism) + ", " + String.join(" or ", dataDependency);
    }

    private static Set<String> checked(Set<String> labels, List<String> allowed) {
        if (labels.isEmpty() || !allowed.containsAll(labels)) {
            throw new IllegalArgumentException("acceptable categories " + labels + " must be some of " + allowed);
        }
        return java.util.Collections.unmodifiableSet(new LinkedHashSet<>(labels));
    }
}
