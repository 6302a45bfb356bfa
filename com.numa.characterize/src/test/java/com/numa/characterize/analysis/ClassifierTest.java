package com.numa.characterize.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.suite.ExpectedCategories.DataDependency;
import com.numa.characterize.suite.ExpectedCategories.Parallelism;
import org.junit.jupiter.api.Test;

/** The classification of Figures 2 and 3 on scripted Table 2/4/5/6 figures, at and around each threshold. */
class ClassifierTest {
    private final Classifier onEightCpus = new Classifier(Thresholds.DEFAULTS, 8);

    private static com.numa.characterize.analysis.Parallelism table2(double mainPct, int workers, double imbalancePct) {
        return new com.numa.characterize.analysis.Parallelism("task-clock", mainPct, 0, 0,
                java.util.stream.IntStream.range(0, workers).mapToObj(i -> "w" + i).toList(), 100 - mainPct, imbalancePct,
                Double.NaN, Double.NaN, 10);
    }

    private Verdict classify(double mainPct, int workers, double imbalance, double sharedR, double sharedW) {
        return onEightCpus.classify(table2(mainPct, workers, imbalance), sharedR, sharedW, Locality.NOT_MEASURED, Double.NaN);
    }

    @Test
    void parallelismCategoriesInTheStudysOrder() {
        assertEquals(Parallelism.SINGLE_THREADED, classify(81, 8, 5, 0, 0).parallelism());
        assertEquals(Parallelism.SINGLE_THREADED, classify(10, 0, 0, 0, 0).parallelism(), "no worker at all");
        assertEquals(Parallelism.EMBARRASSINGLY_IMBALANCED, classify(5, 8, 91, 0, 0).parallelism());
        assertEquals(Parallelism.EMBARRASSINGLY_IMBALANCED, classify(5, 2, 95, 0, 0).parallelism(),
                "checked before TLP-bound, as the study's flow chart does");
        assertEquals(Parallelism.TLP_BOUND, classify(5, 4, 50, 0, 0).parallelism(), "4 workers on 8 CPUs");
        assertEquals(Parallelism.IMBALANCED, classify(5, 8, 21, 0, 0).parallelism());
        assertEquals(Parallelism.EXPLICITLY_PARALLEL, classify(5, 8, 20, 0, 0).parallelism(), "at the threshold is balanced");
        assertEquals(Parallelism.EXPLICITLY_PARALLEL, classify(80, 8, 0, 0, 0).parallelism(), "80% is not above 80%");
    }

    @Test
    void dataDependencyCategories() {
        assertEquals(DataDependency.DATA_PARALLEL, classify(5, 8, 5, 9.9, 0.9).dataDependency());
        assertEquals(DataDependency.READ_ONLY, classify(5, 8, 5, 10, 0.9).dataDependency());
        assertEquals(DataDependency.READ_WRITE, classify(5, 8, 5, 1, 1).dataDependency(), "shared writes decide first");
        assertNull(classify(5, 8, 5, Double.NaN, Double.NaN).dataDependency(), "not profiled");
    }

    @Test
    void recommendationsFollowTheCategories() {
        assertTrue(classify(90, 1, 0, 0, 0).recommendation().startsWith("run on one node"));
        assertTrue(classify(5, 8, 5, 0, 0).recommendation().startsWith("spread over all nodes: no data dependencies"));
        assertTrue(classify(5, 8, 5, 40, 0).recommendation().startsWith("spread over all nodes: read-only sharing"));
        assertTrue(classify(5, 8, 5, 40, 3).recommendation().startsWith("-XX:+NUMAOpts decides online: shared writes"));
        assertTrue(classify(5, 8, 40, 0, 0).recommendation().contains("rebalance"));
        Verdict slower = onEightCpus.classify(table2(5, 8, 5), 0, 0, Locality.NOT_MEASURED, 0.8);
        assertTrue(slower.recommendation().contains("All Nodes was slower"), slower.recommendation());
        assertTrue(slower.reason().contains("All Nodes 0.80x Single Node"), slower.reason());
    }

    @Test
    void localityBoundNeedsTheMissRatesAndIsMarkedAbovetheIncrease() {
        Locality worse = new Locality(2, 5, 9, 6, 40, 30);
        Verdict v = onEightCpus.classify(table2(5, 8, 5), 0, 0, worse, Double.NaN);
        assertEquals(Boolean.TRUE, v.localityBound(), "+7 points > 5");
        assertTrue(v.recommendation().contains("LLC misses grow"), v.recommendation());
        assertNull(classify(5, 8, 5, 0, 0).localityBound(), "no PMU: not measured, not false");
        assertEquals(Boolean.FALSE, onEightCpus.classify(table2(5, 8, 5), 0, 0, new Locality(2, 5, 6, 5, 0, 0), Double.NaN)
                .localityBound());
    }

    @Test
    void imbalanceIsACountOfWorkBeforeCpuTime() {
        java.util.List<String> eight = java.util.stream.IntStream.range(0, 8).mapToObj(i -> "w" + i).toList();
        // task-clock says 76% (Imbalanced), the profiler's object accesses 135% (Embarrassingly Imbalanced)
        var profiled = new com.numa.characterize.analysis.Parallelism("task-clock", 5, 0, 0, eight, 95, 76, Double.NaN, 135, 10);
        assertEquals(135, profiled.workImbalancePct(), 1e-9);
        Verdict v = onEightCpus.classify(profiled, 0, 0, Locality.NOT_MEASURED, Double.NaN);
        assertEquals(Parallelism.EMBARRASSINGLY_IMBALANCED, v.parallelism());
        assertTrue(v.reason().contains("135% (OA"), v.reason());
        var counted = new com.numa.characterize.analysis.Parallelism("instructions", 5, 0, 0, eight, 95, 76, 30, 135, 10);
        assertEquals(30, counted.workImbalancePct(), 1e-9, "instructions where the PMU counts them");
        assertEquals("I", counted.workImbalanceColumn());
        var neither = new com.numa.characterize.analysis.Parallelism("task-clock", 5, 0, 0, eight, 95, 76, Double.NaN,
                Double.NaN, 10);
        assertEquals(76, neither.workImbalancePct(), 1e-9, "CPU time is the last resort");
        assertEquals("C", neither.workImbalanceColumn());
    }

    @Test
    void eqOneIsStdevOverMean() {
        assertEquals(0, com.numa.characterize.analysis.Parallelism.imbalancePct(new double[] {3, 3, 3}), 1e-9);
        // one of 8 workers does 80%: 80 vs 7 x 20/7
        double[] skewed = new double[8];
        java.util.Arrays.fill(skewed, 20.0 / 7);
        skewed[0] = 80;
        assertTrue(com.numa.characterize.analysis.Parallelism.imbalancePct(skewed) > 200);
        assertEquals(100.0 / 3, com.numa.characterize.analysis.Parallelism.imbalancePct(new double[] {1, 2}) * 1, 1e-9,
                "two workers 1 and 2: stdev 0.5, mean 1.5");
    }
}
