package com.numa.characterize.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.classification.DataDependency;
import com.numa.core.classification.SharedObject;
import com.numa.core.classification.SharingAdvice;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The report as a person reads it: a column with no value in any row is left out of the page (and named), a table
 * with nothing measured says why instead of showing blanks, headers break only between words, and a verdict with
 * data dependencies shows its objects and the numa diagnose command to copy.
 */
class ReportPageTest {
    private static final Provenance P = new Provenance("2026-01-01", "test machine", 2, "17", "emulated", true, false,
            List.of("task-clock"), 100, Map.of("Single Node", "CPUs [0]"), "builtin", Map.of(), Map.of());

    private static final Table PARTLY_EMPTY = new Table("t.csv", "Table X (All Nodes)", "", List.of("application",
            "single_median_ms", "dual_median_ms", "expected_why"), List.of(List.of("a", "1.0", "", ""),
                    List.of("b", "2.0", "", "")));

    private static final Table NOTHING = new Table("table5_locality.csv", "Table 5", "a note", List.of("application",
            "single_llc_read_miss_pct", "pages_migrated"), List.of(List.of("a", "", ""), List.of("b", "", "")),
            "LLC misses: no hardware PMU. Remote page accesses sampled from the kernel: this machine has 1 NUMA node.");

    private static VerdictSummary.Row row(SharingAdvice.Advice advice) {
        return new VerdictSummary.Row("dining-philosophers", "Explicitly Parallel, Read & Write Dependencies", "medium",
                "-XX:+NUMAOpts decides online: shared writes make remote nodes costly", "", "window 0.4 s", false, advice);
    }

    private static SharingAdvice.Advice advice() {
        List<SharingAdvice.Target> t = SharingAdvice.targets(DataDependency.READ_WRITE, List.of(new SharedObject(
                "java.util.concurrent.locks.ReentrantLock$NonfairSync", "java.util.concurrent.locks.ReentrantLock.<init>:294",
                81_424, 53_488, 0, List.of("worker-0", "worker-1"))), 60_560);
        return new SharingAdvice.Advice(t, "bin/numa diagnose -XX:NUMATopology=2 -XX:NUMAProfilerSampling=16 --out "
                + "/tmp/x/diagnosis/dining-philosophers -- -cp /x/numa-agent.jar 'a$b' threads=2");
    }

    @Test
    void columnsWithoutAValueAreLeftOutOfThePageAndNamed() {
        assertEquals(List.of(0, 1), StudyOutput.shownColumns(PARTLY_EMPTY));
        String html = StudyOutput.html(List.of(), List.of(PARTLY_EMPTY), List.of(), P, Map.of(), List.of());
        assertFalse(html.contains("dual_<wbr>median_<wbr>ms</th>"), "no header for an empty column");
        assertTrue(html.contains("<th>single_<wbr>median_<wbr>ms</th>"), "headers break after underscores only");
        assertTrue(html.contains("t.csv has them): dual_median_ms, expected_why."), html);
        assertFalse(html.contains("overflow-wrap:anywhere"), "a header never breaks a letter at a time");
        String md = StudyOutput.markdown(List.of(), List.of(PARTLY_EMPTY), List.of(), P, java.util.Set.of(), List.of());
        assertTrue(md.contains("| application | single_median_ms |\n"), md);
    }

    @Test
    void aTableWithNothingMeasuredSaysWhyInsteadOfBlanks() {
        String html = StudyOutput.html(List.of(), List.of(NOTHING), List.of(), P, Map.of(), List.of());
        assertTrue(html.contains("<b>Not measured</b>: LLC misses: no hardware PMU. Remote page accesses sampled from the "
                + "kernel: this machine has 1 NUMA node."), html);
        assertFalse(html.contains("pages_"), "no empty table");
        assertFalse(html.contains("a note"), "why once: not in the note too");
        String md = StudyOutput.markdown(List.of(), List.of(NOTHING), List.of(), P, java.util.Set.of(), List.of());
        assertTrue(md.contains("**Not measured**: LLC misses: no hardware PMU."), md);
        // a table without rows is not "not measured": there is nothing to measure
        assertFalse(StudyOutput.notMeasured(new Table("e.csv", "E", "", List.of("application", "x"), List.of()),
                List.of(0)));
    }

    @Test
    void aVerdictWithDependenciesShowsItsObjectsAndTheCommandToCopy() {
        String html = StudyOutput.html(List.of(row(advice())), List.of(), List.of(), P, Map.of(), List.of());
        assertTrue(html.contains("<b>java.util.concurrent.locks.ReentrantLock.NonfairSync</b> at "
                + "ReentrantLock.&lt;init&gt;:294 (88% of shared writes; worker-0, worker-1): "
                + SharingAdvice.Change.LOCK.text()), html);
        assertTrue(html.contains("<code class=\"cmd\">bin/numa diagnose -XX:NUMATopology=2 -XX:NUMAProfilerSampling=16 "
                + "--out /tmp/x/diagnosis/dining-philosophers -- -cp /x/numa-agent.jar 'a$b' threads=2</code>"), html);
        assertTrue(html.contains("user-select:all"), "a click selects the whole command");
        String md = StudyOutput.markdown(List.of(row(advice())), List.of(), List.of(), P, java.util.Set.of(), List.of());
        assertTrue(md.contains("```\nbin/numa diagnose -XX:NUMATopology=2"), md);
        assertTrue(md.contains("at ReentrantLock.\\<init>:294"), "not an HTML tag in Markdown: " + md);
        List<String> lines = row(advice()).lines();
        assertEquals(3, lines.size(), "the verdict, one object, the command: " + lines);
        assertTrue(lines.get(2).endsWith(advice().command()), lines.get(2));
        assertEquals(1, row(null).lines().size(), "no advice, one line");
    }
}
