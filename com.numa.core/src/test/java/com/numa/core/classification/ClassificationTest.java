package com.numa.core.classification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules at and around each threshold, the recommendations they imply, and the evidence limits. */
class ClassificationTest {
    private static final Thresholds T = Thresholds.DEFAULTS;

    private static ParallelismCategory par(double main, int workers, double imbalance) {
        return Classification.parallelism(main, workers, workers, imbalance, "I", 8, T).category();
    }

    @Test
    void parallelismInTheStudysOrder() {
        assertEquals(ParallelismCategory.SINGLE_THREADED, par(81, 8, 5));
        assertEquals(ParallelismCategory.SINGLE_THREADED, par(10, 0, 0), "no worker");
        assertEquals(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, par(5, 2, 95), "before TLP-Bound, as Figure 2");
        assertEquals(ParallelismCategory.TLP_BOUND, par(5, 4, 50));
        assertEquals(ParallelismCategory.IMBALANCED, par(5, 8, 21));
        assertEquals(ParallelismCategory.EXPLICITLY_PARALLEL, par(5, 8, 20), "at the threshold is balanced");
        assertEquals(ParallelismCategory.EXPLICITLY_PARALLEL, par(80, 8, 0), "80% is not above 80%");
    }

    @Test
    void onlineTheWorkersThatFitOneNodeComeBeforeTheirImbalance() {
        assertEquals(ParallelismCategory.SINGLE_THREADED, Classification.placementCategory(81, 8, 5, 4, T));
        assertEquals(ParallelismCategory.TLP_BOUND, Classification.placementCategory(5, 2, 95, 4, T),
                "fits one node whatever its balance");
        assertEquals(ParallelismCategory.TLP_BOUND, Classification.placementCategory(5, 4, 0, 4, T));
        assertEquals(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, Classification.placementCategory(5, 5, 95, 4, T));
        assertEquals(ParallelismCategory.EXPLICITLY_PARALLEL, Classification.placementCategory(5, 5, 50, 4, T),
                "imbalanced or not, the probe decides");
    }

    @Test
    void dependenciesAndLocality() {
        assertEquals(DataDependency.DATA_PARALLEL, Classification.dataDependency(9.9, 0.9, T));
        assertEquals(DataDependency.READ_ONLY, Classification.dataDependency(10, 0.9, T));
        assertEquals(DataDependency.READ_WRITE, Classification.dataDependency(1, 1, T));
        assertNull(Classification.dataDependency(Double.NaN, Double.NaN, T));
        assertNull(Classification.localityBound(Double.NaN, T));
        assertTrue(Classification.localityBound(5.1, T));
        assertFalse(Classification.localityBound(5, T));
        assertNull(Classification.localityBoundByRemoteShare(0, Double.NaN, T));
        assertTrue(Classification.localityBoundByRemoteShare(Double.NaN, 20.5, T), "no Single Node sample: all local");
        assertFalse(Classification.localityBoundByRemoteShare(10, 30, T), "+20 is not above 20");
        assertTrue(Classification.localityBoundByRemoteShare(1, 45, T));
    }

    @Test
    void oneNodeOnlyForProgramsThatCannotUseMoreCores() {
        assertTrue(Classification.recommend(ParallelismCategory.TLP_BOUND, DataDependency.DATA_PARALLEL, null, Double.NaN,
                4, 8, T).startsWith("run on one node"), "4 threads fit on an 8-CPU node");
        String wide = Classification.recommend(ParallelismCategory.TLP_BOUND, DataDependency.DATA_PARALLEL, null,
                Double.NaN, 12, 8, T);
        assertTrue(wide.startsWith("-XX:+NUMAOpts decides online"), "12 threads need more than one 8-CPU node: " + wide);
        assertTrue(Classification.recommend(ParallelismCategory.EXPLICITLY_PARALLEL, null, null, Double.NaN, 16, 8, T)
                .contains("not profiled"), "no profile: never 'no data dependencies'");
        assertTrue(Classification.recommend(ParallelismCategory.EXPLICITLY_PARALLEL, DataDependency.UNCERTAIN, null,
                Double.NaN, 16, 8, T).contains("uncertain"));
        assertTrue(Classification.recommend(ParallelismCategory.EXPLICITLY_PARALLEL, DataDependency.DATA_PARALLEL, null,
                Double.NaN, 16, 8, T).startsWith("spread over all nodes"));
        assertTrue(Classification.fitsOneNode(4, 4));
        assertFalse(Classification.fitsOneNode(5, 4));
    }

    private static Evidence evidence(double appCpuS, double appShare, double unmeasured, long accesses, double unknown) {
        return new Evidence(1.0, appCpuS, appShare, 4, -1, unmeasured, 100, List.of(), false, accesses, 1, unknown, 0, "", Double.NaN, Double.NaN);
    }

    @Test
    void evidenceLimitsMakeAnAxisUncertainAndSayWhatToDo() {
        Evidence good = evidence(3, 80, 0, 1_000_000, 2);
        assertEquals(Confidence.HIGH, Evidence.level(good.parallelismConcerns()));
        assertEquals(Confidence.HIGH, Evidence.level(good.dependencyConcerns()));

        Evidence shortRun = evidence(0.05, 80, 0, 1_000_000, 2);
        assertEquals(Confidence.UNCERTAIN, Evidence.level(shortRun.parallelismConcerns()));
        assertTrue(shortRun.parallelismConcerns().get(0).reason().contains("run longer"));
        assertEquals(Confidence.MEDIUM, Evidence.level(evidence(0.3, 80, 0, 1_000_000, 2).parallelismConcerns()),
                "a short window is judged, with medium confidence");

        Evidence unseen = evidence(3, 80, 60, 1_000_000, 2);
        assertEquals(Confidence.UNCERTAIN, Evidence.level(unseen.parallelismConcerns()), "60% of CPU not counted");

        Evidence jit = evidence(3, 15, 0, 1_000_000, 2);
        assertEquals(Confidence.LOW, Evidence.level(jit.parallelismConcerns()), "the JIT did 85% of the window's CPU");

        Evidence fewAccesses = evidence(3, 80, 0, 500, 2);
        assertEquals(Confidence.UNCERTAIN, Evidence.level(fewAccesses.dependencyConcerns()));
        Evidence unknownOwner = evidence(3, 80, 0, 1_000_000, 88.7);
        assertEquals(Confidence.UNCERTAIN, Evidence.level(unknownOwner.dependencyConcerns()));
        assertTrue(unknownOwner.dependencyConcerns().get(0).reason().contains("89% of the profiled accesses"));

        Evidence notProfiled = evidence(3, 80, 0, -1, Double.NaN);
        assertTrue(notProfiled.dependencyConcerns().isEmpty(), "not profiled is not a concern: the axis is absent");
        Evidence unknownFigures = new Evidence(Double.NaN, Double.NaN, Double.NaN, 3, -1, Double.NaN, Double.NaN,
                List.of(), false, -1, 1, Double.NaN, 0, "", Double.NaN, Double.NaN);
        assertEquals(Confidence.HIGH, Evidence.level(unknownFigures.parallelismConcerns()),
                "an unknown figure raises no concern by itself");
    }

    private static Evidence window(double appCpuS, double startSpreadPct) {
        return new Evidence(1.0, appCpuS, 80, 5, -1, 0, 100, List.of(), false, 1_000_000, 1, 1, 0, "", Double.NaN, startSpreadPct);
    }

    @Test
    void aShortWindowWeighsMoreWhenTheImbalanceDecides() {
        // 0.15 s of application CPU, four balanced threads whose counts began over a quarter of their span: the issue's
        // 150 ms run read Imbalanced at medium confidence
        Evidence brief = window(0.15, 25);
        assertEquals(Confidence.MEDIUM, Evidence.level(brief.parallelismConcerns(false)),
                "a balanced or TLP verdict does not rest on the imbalance: medium, as before");
        assertEquals(Confidence.UNCERTAIN, Evidence.level(brief.parallelismConcerns(true)),
                "little work and staggered starts explain the imbalance: not judged");
        String why = brief.parallelismConcerns(true).get(0).reason();
        assertTrue(why.contains("start-up order") && why.contains("0.15 s") && why.contains("25%")
                && why.contains("run longer"), why);

        assertEquals(Confidence.LOW, Evidence.level(window(0.3, 2).parallelismConcerns(true)),
                "little work, started together: low");
        assertEquals(Confidence.LOW, Evidence.level(window(0.3, Double.NaN).parallelismConcerns(true)),
                "little work, starts unknown: low");
        assertEquals(Confidence.LOW, Evidence.level(window(3, 30).parallelismConcerns(true)),
                "enough work, but the workers were counted from different points of it: low");
        assertEquals(Confidence.HIGH, Evidence.level(window(3, 30).parallelismConcerns(false)),
                "staggered starts do not weaken a verdict the imbalance did not decide");
        assertEquals(Confidence.HIGH, Evidence.level(window(3, 5).parallelismConcerns(true)), "a long, even window");
        assertEquals(Confidence.HIGH, Evidence.level(window(0.5, 9.9).parallelismConcerns(true)), "at both limits");
        assertEquals(Confidence.UNCERTAIN, Evidence.level(window(0.05, 0).parallelismConcerns(false)),
                "under 0.1 s nothing is judged, whatever decides");
        assertTrue(ParallelismCategory.IMBALANCED.decidedByImbalance());
        assertTrue(ParallelismCategory.EMBARRASSINGLY_IMBALANCED.decidedByImbalance());
        assertFalse(ParallelismCategory.EXPLICITLY_PARALLEL.decidedByImbalance());
        assertTrue(brief.describe().contains("workers' counting began over 25% of their span"), brief.describe());
    }

    @Test
    void aProfileBlindToPrimitivesOrTheJdkLowersTheConfidence() {
        Evidence blind = new Evidence(1, 3, 80, 4, -1, 0, 100, List.of(), false, 1_000_000, 1, 1, 0,
                "primitive fields and elements (-XX:NUMAProfilerCoverage=program sees them)", Double.NaN, Double.NaN);
        assertEquals(Confidence.LOW, Evidence.level(blind.dependencyConcerns()));
        assertTrue(blind.dependencyConcerns().get(0).reason().contains("-XX:NUMAProfilerCoverage=program"));
    }

    @Test
    void sampledProfilesNeedEnoughRecordedAccesses() {
        Evidence sampled = new Evidence(1, 3, 80, 4, -1, 0, 100, List.of(), false, 16 * 900, 16, 1, 0, "", Double.NaN, Double.NaN);
        assertEquals(Confidence.UNCERTAIN, Evidence.level(sampled.dependencyConcerns()), "900 recorded, scaled to 14,400");
    }
}
