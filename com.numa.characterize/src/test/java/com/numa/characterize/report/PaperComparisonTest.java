package com.numa.characterize.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.analysis.Locality;
import com.numa.characterize.analysis.Verdict;
import com.numa.characterize.run.ApplicationResult;
import com.numa.characterize.run.ProfileSummary;
import com.numa.core.classification.Confidence;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.Evidence;
import com.numa.core.classification.ParallelismCategory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Our categories beside the paper's, with the agreement counted the way the note and stderr state it. */
class PaperComparisonTest {
    private static ApplicationResult app(String name, String counterpart, ParallelismCategory par, DataDependency dep,
            double sharedReads, double sharedWrites) {
        Evidence evidence = new Evidence(10, 8, 90, 4, 4, 0, 100, List.of(), false, 1_000_000, 1, 1, 0, "", Double.NaN, Double.NaN);
        Verdict v = new Verdict(par, dep, null, Double.NaN, Confidence.HIGH, List.of(), evidence, "", "");
        ProfileSummary profile = new ProfileSummary(sharedReads, sharedWrites, 1_000_000, Map.of(), 1, 0, 1, true,
                "java.util.*", "", 0);
        Locality none = Locality.NOT_MEASURED;
        return new ApplicationResult(name, counterpart, null, Map.of(), null, profile, none, Map.of(), v, List.of(), "",
                List.of());
    }

    @Test
    void eachAxisIsComparedAndCounted() {
        Table t = PaperComparison.of(List.of(
                // paper: Explicitly Parallel, 22.8% / 0.2% → Read-Only; ours agrees on both, reads 0.5x (within 2x)
                app("lusearch", "", ParallelismCategory.EXPLICITLY_PARALLEL, DataDependency.READ_ONLY, 11.4, 0.1),
                // paper: Imbalanced, 34.9% / 0.2% → Read-Only; ours differs on both, reads 0.1x
                app("pmd", "", ParallelismCategory.EXPLICITLY_PARALLEL, DataDependency.READ_WRITE, 3.5, 2.0),
                // a built-in stand-in compared through its counterpart: philosophers, 51.5% / 2.5% → Read & Write
                app("dining-philosophers", "philosophers", ParallelismCategory.EXPLICITLY_PARALLEL,
                        DataDependency.READ_WRITE, 34.5, 9.0),
                // no counterpart in the paper: no row
                app("my-service", "", ParallelismCategory.IMBALANCED, DataDependency.DATA_PARALLEL, 1, 0)));
        assertEquals(3, t.rows().size());
        assertEquals(List.of("lusearch", "lusearch", "Explicitly Parallel", "Explicitly Parallel", "true",
                "Read-Only Dependencies", "Read-Only Dependencies", "true", "11.4", "22.8", "0.10", "0.2", "0.50", "true"),
                t.rows().get(0));
        assertEquals("false", t.rows().get(1).get(4));
        assertEquals("false", t.rows().get(1).get(7));
        assertEquals("false", t.rows().get(1).get(13));
        assertEquals("philosophers", t.rows().get(2).get(1));
        assertTrue(t.note().startsWith("Parallelism agrees on 2 of 3, data dependency on 2 of 3, shared reads within 2x on "
                + "2 of 3."), t.note());
        assertEquals("beside the paper: parallelism agrees on 2 of 3, data dependency on 2 of 3, shared reads within 2x "
                + "on 2 of 3. (paper_comparison.csv)", PaperComparison.line(List.of(app("lusearch", "",
                ParallelismCategory.EXPLICITLY_PARALLEL, DataDependency.READ_ONLY, 11.4, 0.1), app("pmd", "",
                ParallelismCategory.EXPLICITLY_PARALLEL, DataDependency.READ_WRITE, 3.5, 2.0), app("dining-philosophers",
                "philosophers", ParallelismCategory.EXPLICITLY_PARALLEL, DataDependency.READ_WRITE, 34.5, 9.0))).orElseThrow());
    }

    @Test
    void singleThreadedBenchmarksHaveNoSharesToCompare() {
        Table t = PaperComparison.of(List.of(app("luindex", "", ParallelismCategory.SINGLE_THREADED,
                DataDependency.DATA_PARALLEL, 0.5, 0)));
        assertEquals(List.of("luindex", "luindex", "Single-Threaded", "Single-Threaded", "true", "Data Parallel", "", "",
                "0.5", "", "0.00", "", "", ""), t.rows().get(0));
        assertTrue(t.note().startsWith("Parallelism agrees on 1 of 1, data dependency on 0 of 0, shared reads within 2x "
                + "on 0 of 0."), t.note());
    }

    @Test
    void noCounterpartMeansNoTable() {
        assertTrue(PaperComparison.of(List.of(app("my-service", "", ParallelismCategory.IMBALANCED,
                DataDependency.DATA_PARALLEL, 1, 0))).rows().isEmpty());
        assertTrue(PaperComparison.line(List.of()).isEmpty());
    }
}
