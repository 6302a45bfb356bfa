package com.numa.characterize.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.classification.Confidence;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.Evidence;
import com.numa.core.classification.ParallelismCategory;
import com.numa.core.classification.ThreadWork;
import com.numa.core.classification.Thresholds;
import com.numa.core.threads.ThreadRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The study's verdict on scripted Table 2/4/5/6 figures: the categories at and around each threshold, the evidence
 * limits under which an axis reads Uncertain, and recommendations never stronger than their evidence.
 */
class ClassifierTest {
    private final Classifier onEightCpus = new Classifier(Thresholds.DEFAULTS, 8, 4);

    private static final Evidence SOLID = new Evidence(2, 4, 80, 9, -1, 0, 100, List.of(), false, 1_000_000, 1, 1, 0, "", Double.NaN, Double.NaN);

    private static Parallelism table2(double mainPct, int workers, double imbalancePct) {
        return new Parallelism("task-clock", mainPct, 0, 0, IntStream.range(0, workers).mapToObj(i -> "w" + i).toList(),
                100 - mainPct, workers, false, List.of(), imbalancePct, Double.NaN, Double.NaN, 10, 4, 80, workers + 1);
    }

    /** All Nodes ran with as many parallel threads as Single Node. */
    private Verdict classify(double mainPct, int workers, double imbalance, double sharedR, double sharedW) {
        return onEightCpus.classify(table2(mainPct, workers, imbalance), sharedR, sharedW, Locality.NOT_MEASURED,
                Double.NaN, SOLID, workers);
    }

    @Test
    void aProgramThatSizesItselfByItsCpusIsJudgedOnTheWholeMachine() {
        // 4 threads on Single Node's 4 CPUs, 8 on All Nodes' 8: a pool sized by availableProcessors, not TLP-Bound
        Verdict sized = onEightCpus.classify(table2(5, 4, 5), 0, 0, Locality.NOT_MEASURED, Double.NaN, SOLID, 8);
        assertEquals(ParallelismCategory.EXPLICITLY_PARALLEL, sized.parallelism(), sized.reason());
        assertTrue(sized.reason().contains("8 on All Nodes"), sized.reason());
        // without an All Nodes run, 4 threads filling the 4-CPU node cannot be told from a TLP-Bound program
        Verdict unknown = onEightCpus.classify(table2(5, 4, 5), 0, 0, Locality.NOT_MEASURED, Double.NaN, SOLID, -1);
        assertEquals(ParallelismCategory.UNCERTAIN, unknown.parallelism());
        assertTrue(unknown.recommendation().contains("add all to --configs"), unknown.recommendation());
        // 2 threads on a 4-CPU node are TLP-Bound whatever All Nodes would show
        assertEquals(ParallelismCategory.TLP_BOUND, onEightCpus.classify(table2(5, 2, 5), 0, 0, Locality.NOT_MEASURED,
                Double.NaN, SOLID, -1).parallelism());
    }

    @Test
    void parallelismCategoriesInTheStudysOrder() {
        assertEquals(ParallelismCategory.SINGLE_THREADED, classify(81, 8, 5, 0, 0).parallelism());
        assertEquals(ParallelismCategory.SINGLE_THREADED, classify(10, 0, 0, 0, 0).parallelism(), "no worker at all");
        assertEquals(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, classify(5, 8, 91, 0, 0).parallelism());
        assertEquals(ParallelismCategory.TLP_BOUND, classify(5, 4, 50, 0, 0).parallelism(), "4 workers on 8 CPUs");
        assertEquals(ParallelismCategory.IMBALANCED, classify(5, 8, 21, 0, 0).parallelism());
        assertEquals(ParallelismCategory.EXPLICITLY_PARALLEL, classify(5, 8, 20, 0, 0).parallelism());
        assertEquals(ParallelismCategory.EXPLICITLY_PARALLEL, classify(80, 8, 0, 0, 0).parallelism());
    }

    @Test
    void dataDependencyCategories() {
        assertEquals(DataDependency.DATA_PARALLEL, classify(5, 8, 5, 8, 0.5).dataDependency());
        assertEquals(DataDependency.READ_ONLY, classify(5, 8, 5, 12, 0.5).dataDependency());
        assertEquals(DataDependency.READ_WRITE, classify(5, 8, 5, 1, 2).dataDependency(), "shared writes decide first");
        assertNull(classify(5, 8, 5, Double.NaN, Double.NaN).dataDependency(), "not profiled");
    }

    @Test
    void recommendationsFollowTheCategories() {
        assertTrue(classify(90, 1, 0, 0, 0).recommendation().startsWith("run on one node"));
        assertTrue(classify(5, 8, 5, 0, 0).recommendation().startsWith("spread over all nodes: no data dependencies"));
        assertTrue(classify(5, 8, 5, 40, 0).recommendation().startsWith("spread over all nodes: read-only sharing"));
        assertTrue(classify(5, 8, 5, 40, 3).recommendation().startsWith("-XX:+NUMAOpts decides online: shared writes"));
        assertTrue(classify(5, 8, 40, 0, 0).recommendation().contains("rebalance"));
        assertTrue(classify(5, 4, 50, 0, 0).recommendation().startsWith("run on one node"), "4 threads fit a 4-CPU node");
        Verdict wide = classify(5, 6, 10, 0, 0);
        assertEquals(ParallelismCategory.TLP_BOUND, wide.parallelism());
        assertTrue(wide.recommendation().startsWith("-XX:+NUMAOpts decides online"),
                "6 threads on 4-CPU nodes must not be confined to one: " + wide.recommendation());
        Verdict slower = onEightCpus.classify(table2(5, 8, 5), 0, 0, Locality.NOT_MEASURED, 0.8, SOLID, -1);
        assertTrue(slower.recommendation().contains("All Nodes was slower"), slower.recommendation());
        assertTrue(slower.reason().contains("All Nodes 0.80x Single Node"), slower.reason());
        assertTrue(classify(5, 8, 5, Double.NaN, Double.NaN).recommendation().contains("not profiled"),
                "without a profile, 'no data dependencies' is not known");
    }

    @Test
    void localityBoundNeedsTheMissRatesAndIsMarkedAboveTheIncrease() {
        Locality worse = new Locality(2, 5, 9, 6, 40, 30, KernelShares.NONE);
        Verdict v = onEightCpus.classify(table2(5, 8, 5), 0, 0, worse, Double.NaN, SOLID, -1);
        assertEquals(Boolean.TRUE, v.localityBound(), "+7 points > 5");
        assertTrue(v.recommendation().contains("memory accesses turn remote"), v.recommendation());
        assertNull(classify(5, 8, 5, 0, 0).localityBound(), "no PMU: not measured, not false");
    }

    @Test
    void withoutLlcMissRatesTheKernelSampledRemoteShareDecidesLocalityBound() {
        KernelShares spread = new KernelShares(Map.of("single", 0.5, "dual", 48.0), Map.of("single", 900L, "dual", 1200L),
                Map.of("single", 0L, "dual", 3L), "provenance", "");
        Locality kernelOnly = Locality.of(null, null, spread);
        Verdict v = onEightCpus.classify(table2(5, 8, 5), 0, 0, kernelOnly, Double.NaN, SOLID, -1);
        assertEquals(Boolean.TRUE, v.localityBound(), "+47.5 points > 20");
        assertTrue(v.reason().contains("Dual Node 48.0% of 1200"), v.reason());
        assertTrue(v.reason().contains("Single Node 0.5% of 900"), v.reason());
        KernelShares near = new KernelShares(Map.of("dual", 15.0), Map.of("dual", 800L), Map.of(), "p", "");
        assertEquals(Boolean.FALSE, onEightCpus.classify(table2(5, 8, 5), 0, 0, Locality.of(null, null, near),
                Double.NaN, SOLID, -1).localityBound(), "15 points, Single Node not sampled (all local): below 20");
    }

    @Test
    void aShortWindowIsUncertainNotACategory() {
        Evidence brief = new Evidence(0.1, 0.05, 60, 5, -1, 0, 100, List.of(), false, 1_000_000, 1, 1, 0, "", Double.NaN, Double.NaN);
        Verdict v = onEightCpus.classify(table2(95, 1, 0), 0, 0, Locality.NOT_MEASURED, Double.NaN, brief, -1);
        assertEquals(ParallelismCategory.UNCERTAIN, v.parallelism());
        assertEquals(Confidence.UNCERTAIN, v.confidence());
        assertTrue(v.recommendation().startsWith("uncertain: the window held 0.05 s"), v.recommendation());
        assertTrue(v.reason().contains("would be Single-Threaded"), v.reason());
    }

    @Test
    void unknownOwnersMakeTheDependenciesUncertainAndTheRecommendationCautious() {
        // the finding: 1,234 profiled accesses, 88.7% of unknown owner, read as "Data Parallel: spread over all nodes"
        Evidence blind = new Evidence(2, 4, 80, 5, -1, 0, 100, List.of(), false, 1_234, 1, 88.7, 0, "", Double.NaN, Double.NaN);
        Verdict v = onEightCpus.classify(table2(5, 8, 5), 2, 0.1, Locality.NOT_MEASURED, Double.NaN, blind, -1);
        assertEquals(ParallelismCategory.EXPLICITLY_PARALLEL, v.parallelism());
        assertEquals(DataDependency.UNCERTAIN, v.dataDependency());
        assertEquals(Confidence.UNCERTAIN, v.confidence());
        assertTrue(!v.recommendation().contains("spread over all nodes"), v.recommendation());
        assertTrue(v.concernsText().contains("89% of the profiled accesses had an unknown owner"), v.concernsText());
    }

    @Test
    void scalingBeyondWhatTheLargestThreadAllowsContradictsCannotUseMoreCores() {
        // the finding: a fork/join sum whose second worker was starved in the profiled run read 94% OA imbalance
        // (Embarrassingly Imbalanced: "run on one node, it cannot use more cores") while All Nodes ran 1.76x as fast.
        // Two workers at 94% imbalance doing 95% of the work: one did at least 95% x (1 + 0.94) / 2 = 92% of it, so
        // All Nodes could be at most 1 / 0.92 x (100 / 80, the JVM's own threads) = 1.36x as fast
        Classifier onTwoCpus = new Classifier(Thresholds.DEFAULTS, 2, 1);
        Verdict starved = onTwoCpus.classify(table2(5, 2, 94), 39.5, 0, Locality.NOT_MEASURED, 1.76, SOLID, 2);
        assertEquals(ParallelismCategory.UNCERTAIN, starved.parallelism(), starved.reason());
        assertTrue(starved.reason().contains("would be Embarrassingly Imbalanced"), starved.reason());
        assertTrue(starved.recommendation().startsWith("uncertain: All Nodes ran 1.76x as fast as Single Node, more than "
                + "2 workers at 94% imbalance (C) allow (1.36x at most, with the application at 80%"),
                starved.recommendation());
        assertTrue(!starved.recommendation().contains("run on one node"), starved.recommendation());
        // the built-in dominant-worker: 8 workers at 135%, 1.63x on a 1-to-2-CPU machine, is what it is
        Verdict dominant = onTwoCpus.classify(table2(5, 8, 135), 0, 0, Locality.NOT_MEASURED, 1.63, SOLID, 8);
        assertEquals(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, dominant.parallelism(), dominant.reason());
        // main at 90% and the JIT and GC at 20% of the JVM's CPU: at most 1 / 0.9 x 1.25 = 1.39x, 1.67x with the margin
        Verdict single = onTwoCpus.classify(table2(90, 1, 0), 0, 0, Locality.NOT_MEASURED, 1.45, SOLID, 1);
        assertEquals(ParallelismCategory.SINGLE_THREADED, single.parallelism(), single.reason());
        assertEquals(ParallelismCategory.UNCERTAIN, onTwoCpus.classify(table2(90, 1, 0), 0, 0, Locality.NOT_MEASURED,
                1.9, SOLID, 1).parallelism(), "1.9x is beyond 1.67x");
        // with the JIT at half the JVM's CPU, 1.9x is explained (at most 1 / 0.9 x 2 = 2.2x)
        Evidence jitHeavy = new Evidence(2, 4, 50, 3, -1, 0, 100, List.of(), false, 1_000_000, 1, 1, 0, "", Double.NaN, Double.NaN);
        assertEquals(ParallelismCategory.SINGLE_THREADED, onTwoCpus.classify(table2(90, 1, 0), 0, 0,
                Locality.NOT_MEASURED, 1.9, jitHeavy, 1).parallelism());
        // one slow Single Node iteration (a busy machine) moves the median ratio to 1.9x, not the fastest iterations'
        // 1.2x: the program is held to the fastest; a worker starved in every iteration moves both
        assertEquals(ParallelismCategory.SINGLE_THREADED, onTwoCpus.classify(table2(90, 1, 0), 0, 0,
                Locality.NOT_MEASURED, 1.9, 1.2, SOLID, 1).parallelism());
        assertEquals(ParallelismCategory.UNCERTAIN, onTwoCpus.classify(table2(90, 1, 0), 0, 0,
                Locality.NOT_MEASURED, 1.9, 1.9, SOLID, 1).parallelism());
        // parallel categories are not judged by it, and no scaling means no check
        assertEquals(ParallelismCategory.EXPLICITLY_PARALLEL, onTwoCpus.classify(table2(5, 2, 5), 0, 0,
                Locality.NOT_MEASURED, 1.9, SOLID, 2).parallelism());
        assertEquals(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, onTwoCpus.classify(table2(5, 2, 94), 0, 0,
                Locality.NOT_MEASURED, Double.NaN, SOLID, 2).parallelism());
    }

    @Test
    void aFigureNearItsThresholdLowersTheConfidence() {
        assertEquals(Confidence.HIGH, classify(50, 8, 5, 0, 0).confidence());
        Verdict near = classify(78, 8, 5, 0, 0);
        assertEquals(Confidence.MEDIUM, near.confidence());
        assertTrue(near.concernsText().contains("main share 78.0% is near its 80% threshold"), near.concernsText());
    }

    @Test
    void imbalanceIsACountOfWorkBeforeCpuTime() {
        List<String> eight = IntStream.range(0, 8).mapToObj(i -> "w" + i).toList();
        var profiled = new Parallelism("task-clock", 5, 0, 0, eight, 95, 8, false, List.of(), 76, Double.NaN, 135, 10, 4,
                80, 9);
        assertEquals(135, profiled.workImbalancePct(), 1e-9);
        Verdict v = onEightCpus.classify(profiled, 0, 0, Locality.NOT_MEASURED, Double.NaN, SOLID, -1);
        assertEquals(ParallelismCategory.EMBARRASSINGLY_IMBALANCED, v.parallelism());
        assertTrue(v.reason().contains("135% (OA"), v.reason());
        var counted = new Parallelism("instructions", 5, 0, 0, eight, 95, 8, false, List.of(), 76, 30, 135, 10, 4, 80, 9);
        assertEquals("I", counted.workImbalanceColumn());
    }

    @Test
    void table2FromPerfUtilRowsCountsAParallelStreamsMainAsAWorker() {
        // main and one common-pool worker split the work of a parallel stream on 2 CPUs: not TLP-Bound
        List<ThreadWork> rows = new ArrayList<>(List.of(
                new ThreadWork(1, "main", ThreadRole.MAIN, Map.of("task-clock", 1.0e9)),
                new ThreadWork(2, "ForkJoinPool.commonPool-worker-1", ThreadRole.APPLICATION, Map.of("task-clock", 1.1e9)),
                new ThreadWork(3, "C2 CompilerThread0", ThreadRole.JVM_INTERNAL, Map.of("task-clock", 0.5e9))));
        Parallelism p = Parallelism.of(new PerfUtilRows(rows, List.of("task-clock"), true, 100), Map.of(),
                Thresholds.DEFAULTS);
        assertTrue(p.mainTakesPart());
        assertEquals(2, p.parallelThreads());
        assertEquals(2.1, p.appCpuSeconds(), 1e-9);
        assertEquals(100 * 2.1 / 2.6, p.appCpuSharePct(), 1e-9);
        Verdict v = new Classifier(Thresholds.DEFAULTS, 2, 1).classify(p, 0, 0, Locality.NOT_MEASURED, Double.NaN, SOLID, -1);
        assertEquals(ParallelismCategory.EXPLICITLY_PARALLEL, v.parallelism(), v.reason());
    }
}
