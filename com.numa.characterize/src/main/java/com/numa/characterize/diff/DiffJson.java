package com.numa.characterize.diff;

import com.numa.core.io.JsonFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A comparison as {@code --json} writes it: the terminal's content, numbers as numbers, null where not measured. */
public final class DiffJson {
    private DiffJson() {
    }

    public static Map<String, Object> of(Comparison c) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("kind", c.before().kind().name().toLowerCase(java.util.Locale.ROOT));
        root.put("program", c.after().program().isEmpty() ? c.before().program() : c.after().program());
        root.put("before", c.before().dir().toString());
        root.put("after", c.after().dir().toString());
        root.put("warnings", c.warnings());
        List<Map<String, Object>> categories = new ArrayList<>();
        for (LabelChange l : c.categories()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("application", l.application());
            m.put("category", l.measure());
            m.put("before", l.before());
            m.put("after", l.after());
            m.put("verdict", l.verdict().label());
            categories.add(m);
        }
        root.put("categories", categories);
        root.put("sharing", c.sharing().stream().map(DiffJson::number).toList());
        root.put("scaling", c.scaling().stream().map(DiffJson::number).toList());
        List<Map<String, Object>> issues = new ArrayList<>();
        for (IssueMatching.Match i : c.issues()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("status", i.status().label());
            m.put("kind", i.issue().kind());
            m.put("site", i.issue().site());
            m.put("type", i.issue().type());
            m.put("fields", i.issue().fields());
            m.put("unit", i.issue().unit());
            m.put("before_score", value(i.score().before()));
            m.put("after_score", value(i.score().after()));
            m.put("moved", i.moved());
            m.put("score_verdict", i.score().verdict().label());
            issues.add(m);
        }
        root.put("issues", issues);
        root.put("noise", c.noise());
        return root;
    }

    private static Map<String, Object> number(NumberChange n) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("application", n.application());
        m.put("measure", n.measure());
        m.put("unit", n.unit());
        m.put("before", measured(n.before()));
        m.put("after", measured(n.after()));
        m.put("verdict", n.verdict().label());
        return m;
    }

    private static Map<String, Object> measured(Measured v) {
        if (!v.present()) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", value(v));
        if (v.noiseKnown()) {
            m.put("min", JsonFiles.rounded(v.low(), 4));
            m.put("max", JsonFiles.rounded(v.high(), 4));
        }
        m.put("repeats", v.repeats());
        return m;
    }

    /** Rounded for a stable file; an unbounded score as "inf", as issues.csv writes it. */
    private static Object value(Measured v) {
        if (!v.present()) {
            return null;
        }
        return Double.isInfinite(v.value()) ? "inf" : JsonFiles.rounded(v.value(), 4);
    }
}
