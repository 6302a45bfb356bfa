package com.numa.characterize.analysis;

import com.numa.core.classification.Confidence;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.Evidence;
import com.numa.core.classification.ParallelismCategory;
import com.numa.core.classification.SharingAdvice;
import java.util.List;

/**
 * One application's categories, how far they can be trusted, and what to do about them.
 *
 * @param parallelism    Figure 2's category; Uncertain below the evidence limits
 * @param dataDependency Figure 3's category; Uncertain below the evidence limits; null when not profiled
 * @param localityBound  Dual Node's LLC miss rate exceeds Single Node's by the threshold; null when not measured
 * @param scaling        All Nodes / Single Node performance (Table 6); NaN when not both ran
 * @param confidence     the weakest of the concerns' levels (high when there are none)
 * @param concerns       every reason to doubt the verdict, with what to do
 * @param evidence       what the verdict rests on
 * @param recommendation one line for the user, never stronger than the confidence
 * @param reason         which figures decided, with their values
 * @param advice         for Read &amp; Write or Read-Only Dependencies: the shared objects, the Java change and the
 *                       {@code numa diagnose} command; null otherwise, or where the profile named no object
 */
public record Verdict(ParallelismCategory parallelism, DataDependency dataDependency, Boolean localityBound,
        double scaling, Confidence confidence, List<Evidence.Concern> concerns, Evidence evidence, String recommendation,
        String reason, SharingAdvice.Advice advice) {

    public Verdict {
        concerns = List.copyOf(concerns);
    }

    /** A verdict without advice (yet: {@link #withAdvice}). */
    public Verdict(ParallelismCategory parallelism, DataDependency dataDependency, Boolean localityBound, double scaling,
            Confidence confidence, List<Evidence.Concern> concerns, Evidence evidence, String recommendation,
            String reason) {
        this(parallelism, dataDependency, localityBound, scaling, confidence, concerns, evidence, recommendation, reason,
                null);
    }

    public Verdict withAdvice(SharingAdvice.Advice a) {
        return new Verdict(parallelism, dataDependency, localityBound, scaling, confidence, concerns, evidence,
                recommendation, reason, a);
    }

    /** The concerns as one line ("low: ...; uncertain: ..."), "" when there are none. */
    public String concernsText() {
        return String.join("; ", concerns.stream().map(Evidence.Concern::toString).toList());
    }
}
