package com.numa.characterize.analysis;

import com.numa.characterize.suite.ExpectedCategories.DataDependency;
import com.numa.characterize.suite.ExpectedCategories.Parallelism;

/**
 * One application's categories and what to do about them.
 *
 * @param parallelism    Figure 2's category
 * @param dataDependency Figure 3's category; null when not profiled
 * @param localityBound  Dual Node's LLC miss rate exceeds Single Node's by the threshold; null when not measured
 * @param scaling        All Nodes / Single Node performance (Table 6); NaN when not both ran
 * @param recommendation one line for the user
 * @param reason         which figures decided, with their values
 */
public record Verdict(Parallelism parallelism, DataDependency dataDependency, Boolean localityBound, double scaling,
        String recommendation, String reason) {
}
