package com.numa.characterize.report;

import com.numa.characterize.analysis.Verdict;
import com.numa.characterize.run.ApplicationResult;
import com.numa.core.classification.Confidence;
import com.numa.core.classification.SharingAdvice;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer first: one line per application (categories, confidence, what to do), for the top of the report and for
 * stderr. A verdict that is uncertain or of low confidence carries its concerns with it, so nobody reads the category
 * without the reason to doubt it.
 */
public final class VerdictSummary {
    private VerdictSummary() {
    }

    /**
     * One application's answer. {@code weak}: uncertain or low confidence; {@code advice}: the shared objects to change
     * and the diagnosis to run, or null.
     */
    public record Row(String application, String categories, String confidence, String recommendation, String concerns,
            String evidence, boolean weak, SharingAdvice.Advice advice) {
        /** The stderr form: the answer, then each shared object with its change, then the command to run next. */
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            out.add(application + ": " + categories + " (confidence " + confidence + "): " + recommendation
                    + (weak && !concerns.isEmpty() ? " [" + concerns + "]" : ""));
            if (advice != null) {
                advice.targets().forEach(t -> out.add("  look at " + t.line()));
                out.add("  next, to name the fields and elements: " + advice.command());
            }
            return out;
        }
    }

    public static List<Row> rows(List<ApplicationResult> apps) {
        List<Row> rows = new ArrayList<>();
        for (ApplicationResult a : apps) {
            Verdict v = a.verdict();
            if (v == null) {
                rows.add(new Row(a.name(), "not characterized", Confidence.UNCERTAIN.label(),
                        String.join("; ", a.failures()), "", "", true, null));
                continue;
            }
            String categories = v.parallelism().label()
                    + (v.dataDependency() == null ? "" : ", " + v.dataDependency().label())
                    + (Boolean.TRUE.equals(v.localityBound()) ? ", Locality-Bound" : "");
            boolean weak = v.confidence() == Confidence.LOW || v.confidence() == Confidence.UNCERTAIN;
            // a concern the recommendation already states is not repeated beside it
            String concerns = String.join("; ", v.concerns().stream()
                    .filter(c -> !v.recommendation().contains(c.reason())).map(Object::toString).toList());
            rows.add(new Row(a.name(), categories, v.confidence().label(), v.recommendation(), concerns,
                    v.evidence().describe(), weak, v.advice()));
        }
        return rows;
    }
}
