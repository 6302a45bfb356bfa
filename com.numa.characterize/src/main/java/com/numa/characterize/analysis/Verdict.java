package com.numa.characterize.analysis;

import com.numa.core.classification.Confidence;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.Evidence;
import com.numa.core.classification.ParallelismCategory;
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
 */
public record Verdict(ParallelismCategory parallelism, DataDependency dataDependency, Boolean localityBound,
        double scaling, Confidence confidence, List<Evidence.Concern> concerns, Evidence evidence, String recommendation,
        String reason) {

    public Verdict {
        concerns = List.copyOf(concerns);
    }

    /** The concerns as one line ("low: ...; uncertain: ..."), "" when there are none. */
    public String concernsText() {
        return String.join("; ", concerns.stream().map(Evidence.Concern::toString).toList());
    }
}
