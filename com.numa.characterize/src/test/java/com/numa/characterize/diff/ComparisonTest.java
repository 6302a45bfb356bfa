package com.numa.characterize.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The comparison on scripted outputs: issues fixed, new and unchanged; within noise; outputs that cannot compare. */
class ComparisonTest {
    private static final Issue FALSE_SHARING = new Issue(1, "false-sharing", 1.2, "invalidations/ms/thread", 12,
            "Counters.<init>:4", "long[]", "[0..3]");
    private static final Issue TRUE_SHARING = new Issue(2, "true-sharing", 0.5, "invalidations/ms/thread", 5,
            "Totals.<init>:9", "Totals", "sum@12");
    private static final Issue IMBALANCE = new Issue(3, "imbalance", 3, "max/min accesses per thread", 1.5, "",
            "worker", "");

    private static Output diagnosis(String dir, String program, List<Issue> issues, double sharedReads) {
        return new Output(Output.Kind.DIAGNOSIS, Path.of(dir), program, Map.of(Comparison.SAMPLING, "1024"),
                List.of(new Output.Application(program, Map.of(), Measured.once(sharedReads), Measured.once(0.2),
                        Map.of())), issues, List.of());
    }

    private static Output characterization(String dir, String parallelism, Measured single, Measured all) {
        return new Output(Output.Kind.CHARACTERIZATION, Path.of(dir), "walk", Map.of("topology", "2 nodes"),
                List.of(new Output.Application("walk", Map.of("parallelism", parallelism, "confidence", "high"),
                        Measured.once(4.0), Measured.once(0.5), Map.of("single", single, "all", all))),
                List.of(), List.of());
    }

    private static Measured iterations(double... ms) {
        return Measured.ofRepeats(java.util.Arrays.stream(ms).boxed().toList());
    }

    @Test
    void anIssueGoneIsFixedOneAppearingIsNewOneOnBothIsUnchangedWithItsScores() {
        Issue movedTrueSharing = new Issue(1, "true-sharing", 0.7, "invalidations/ms/thread", 7, "Totals.<init>:11",
                "Totals", "sum@16");
        Comparison c = Comparison.of(diagnosis("a", "Counters", List.of(FALSE_SHARING, TRUE_SHARING), 0.26),
                diagnosis("b", "Counters", List.of(movedTrueSharing, IMBALANCE), 0.09));
        assertEquals(3, c.issues().size(), c.issues().toString());
        IssueMatching.Match fixed = c.issues().get(0);
        assertEquals(IssueMatching.Status.FIXED, fixed.status());
        assertEquals(FALSE_SHARING, fixed.before());
        assertNull(fixed.after());
        assertEquals(Verdict.ONLY_BEFORE, fixed.score().verdict());
        IssueMatching.Match added = c.issues().get(1);
        assertEquals(IssueMatching.Status.NEW, added.status());
        assertEquals(IMBALANCE, added.after());
        IssueMatching.Match same = c.issues().get(2);
        assertEquals(IssueMatching.Status.UNCHANGED, same.status(), "same kind, type and site less its line");
        assertEquals(0.5, same.score().before().value());
        assertEquals(0.7, same.score().after().value());
        assertEquals(Verdict.CHANGED_NOISE_UNKNOWN, same.score().verdict(), "one diagnosis per side");
        assertEquals("site Totals.<init>:9 -> Totals.<init>:11, fields sum@12 -> sum@16", same.moved());
        assertEquals(1, c.count(IssueMatching.Status.FIXED));
        String text = DiffText.render(c);
        assertTrue(text.contains("Issues: 1 fixed, 1 new, 1 unchanged"), text);
        assertTrue(text.contains("at Counters.<init>:4 long[] [0..3]"), text);
        assertTrue(text.contains("noise between runs is unknown") && text.contains("numa diff A1 A2"), text);
        assertTrue(text.contains("one access in 1024"), "sampled counts are estimates:\n" + text);
        assertTrue(text.lines().allMatch(l -> l.length() <= 120), text);
    }

    @Test
    void theExactLocationIsMatchedBeforeTheMovedOne() {
        Issue otherField = new Issue(2, "false-sharing", 0.3, "invalidations/ms/thread", 3, "Counters.<init>:4", "long[]",
                "[8..11]");
        List<IssueMatching.Match> m = IssueMatching.match(List.of(otherField, FALSE_SHARING), List.of(FALSE_SHARING));
        assertEquals(IssueMatching.Status.FIXED, m.get(0).status());
        assertEquals(otherField, m.get(0).before(), "the [0..3] issue pairs with [0..3], not with the first in rank");
        assertEquals(IssueMatching.Status.UNCHANGED, m.get(1).status());
        assertEquals("", m.get(1).moved());
    }

    @Test
    void anotherKindAtTheSameLocationIsAnotherIssue() {
        Issue trueSharingThere = new Issue(1, "true-sharing", 1.2, "invalidations/ms/thread", 12, "Counters.<init>:4",
                "long[]", "[0..3]");
        List<IssueMatching.Match> m = IssueMatching.match(List.of(FALSE_SHARING), List.of(trueSharingThere));
        assertEquals(List.of(IssueMatching.Status.FIXED, IssueMatching.Status.NEW),
                m.stream().map(IssueMatching.Match::status).toList());
    }

    @Test
    void rangesOfIterationsThatOverlapAreWithinNoiseRangesApartAreAChange() {
        Comparison c = Comparison.of(characterization("a", "Parallel", iterations(100, 110, 120), iterations(60, 62, 64)),
                characterization("b", "Parallel", iterations(105, 115, 125), iterations(40, 41, 42)));
        NumberChange single = find(c.scaling(), "single median");
        assertEquals(Verdict.WITHIN_NOISE, single.verdict());
        assertEquals(110, single.before().value());
        assertEquals(100, single.before().low());
        assertEquals(120, single.before().high());
        NumberChange all = find(c.scaling(), "all median");
        assertEquals(Verdict.CHANGED, all.verdict(), "40-42 ms against 60-64 ms");
        NumberChange ratio = find(c.scaling(), Comparison.ALL_VS_SINGLE);
        assertEquals(110 / 62.0, ratio.before().value(), 1e-9);
        assertEquals(100 / 64.0, ratio.before().low(), 1e-9, "the ratio's range comes from the times' extremes");
        assertEquals(Verdict.CHANGED, ratio.verdict());
        assertEquals(Verdict.SAME, find(c.sharing(), "shared reads").verdict());
        assertEquals(Verdict.SAME, c.categories().get(0).verdict());
        assertTrue(c.noise().get(0).startsWith("Table 6: each median time comes with the range"), c.noise().toString());
        String text = DiffText.render(c);
        assertTrue(text.contains("110 (100-120)") && text.contains("within noise"), text);
    }

    @Test
    void aSingleValueInsideTheOtherSidesRangeIsWithinNoise() {
        NumberChange n = new NumberChange("walk", "single median", "ms", iterations(100, 120), Measured.once(105));
        assertEquals(Verdict.WITHIN_NOISE, n.verdict());
        assertEquals(Verdict.CHANGED, new NumberChange("walk", "m", "ms", iterations(100, 120), Measured.once(130))
                .verdict());
        assertEquals(Verdict.CHANGED_NOISE_UNKNOWN, new NumberChange("walk", "m", "%", Measured.once(1),
                Measured.once(1.1)).verdict());
        assertEquals(Verdict.ONLY_AFTER, new NumberChange("walk", "m", "%", Measured.NONE, Measured.once(1)).verdict());
    }

    @Test
    void aCategoryThatMovesIsAChange() {
        Comparison c = Comparison.of(characterization("a", "Parallel", Measured.once(100), Measured.once(60)),
                characterization("b", "Imbalanced", Measured.once(100), Measured.once(60)));
        LabelChange parallelism = c.categories().stream().filter(l -> l.measure().equals("parallelism")).findFirst()
                .orElseThrow();
        assertEquals(Verdict.CHANGED, parallelism.verdict());
        assertTrue(c.noise().get(0).contains("not there"), "no iterations: the time's noise is unknown: " + c.noise());
    }

    @Test
    void outputsOfTwoKindsOrOfTwoProgramsDoNotCompare() {
        Output diagnosis = diagnosis("a", "Counters", List.of(), 0.1);
        Output profile = new Output(Output.Kind.PROFILE, Path.of("b"), "Counters", Map.of(), diagnosis.applications(),
                List.of(), List.of());
        assertTrue(Comparison.problem(diagnosis, profile, false).orElseThrow().contains("compare two outputs of one kind"));
        assertTrue(Comparison.problem(diagnosis, profile, true).isPresent(), "--any-program does not mix kinds");
        Output other = diagnosis("b", "Other", List.of(), 0.1);
        assertTrue(Comparison.problem(diagnosis, other, false).orElseThrow().contains("different programs"));
        assertTrue(Comparison.problem(diagnosis, other, true).isEmpty());
        assertTrue(Comparison.problem(diagnosis, diagnosis("b", "Counters", List.of(), 0.2), false).isEmpty());
        Output elsewhere = new Output(Output.Kind.CHARACTERIZATION, Path.of("b"), "lusearch", Map.of(),
                List.of(new Output.Application("lusearch", Map.of(), Measured.NONE, Measured.NONE, Map.of())), List.of(),
                List.of());
        assertTrue(Comparison.problem(characterization("a", "Parallel", Measured.NONE, Measured.NONE), elsewhere, false)
                .orElseThrow().contains("no application in common"));
    }

    @Test
    void conditionsThatDifferAreWarnings() {
        Output a = diagnosis("a", "Counters", List.of(), 0.1);
        Output b = new Output(Output.Kind.DIAGNOSIS, Path.of("b"), "Counters", Map.of(Comparison.SAMPLING, "1"),
                a.applications(), List.of(), List.of());
        Comparison c = Comparison.of(a, b);
        assertEquals(List.of("the two ran under different NUMAProfilerSampling: 1024 before, 1 after"), c.warnings());
    }

    private static NumberChange find(List<NumberChange> changes, String measure) {
        return changes.stream().filter(n -> n.measure().equals(measure)).findFirst().orElseThrow();
    }
}
