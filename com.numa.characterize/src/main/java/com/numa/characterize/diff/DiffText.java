package com.numa.characterize.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison as the terminal shows it: plain text, each table sized to its content, prose wrapped to
 * {@value #WIDTH} columns. The HTML page and the JSON file take their cells from here, so the three say the same.
 */
public final class DiffText {
    static final int WIDTH = 118;
    static final List<String> NUMBER_HEADER = List.of("application", "measure", "before", "after", "change", "verdict");
    static final List<String> CATEGORY_HEADER = List.of("application", "category", "before", "after", "verdict");
    static final List<String> ISSUE_HEADER = List.of("status", "kind", "before", "after", "unit", "verdict");

    private DiffText() {
    }

    public static String render(Comparison c) {
        StringBuilder sb = new StringBuilder();
        sb.append(title(c)).append('\n');
        sb.append("  before: ").append(c.before().dir()).append('\n');
        sb.append("  after:  ").append(c.after().dir()).append('\n');
        c.warnings().forEach(w -> wrap(sb, "warning: " + w, "  "));
        if (!c.categories().isEmpty()) {
            sb.append('\n').append("Categories\n");
            table(sb, CATEGORY_HEADER, categoryRows(c));
        }
        if (c.before().kind() == Output.Kind.DIAGNOSIS) {
            sb.append('\n').append(issuesTitle(c)).append('\n');
            if (!c.issues().isEmpty()) {
                table(sb, ISSUE_HEADER, issueRows(c));
            }
        }
        if (!c.sharing().isEmpty()) {
            sb.append('\n').append("Shared accesses (% of profiled object accesses; owner = last writer)\n");
            table(sb, NUMBER_HEADER, numberRows(c.sharing()));
        }
        if (!c.scaling().isEmpty()) {
            sb.append('\n').append("Table 6: scaling (median measured iteration, its range in parentheses; "
                    + Comparison.ALL_VS_SINGLE + " = Single / All Nodes time)\n");
            table(sb, NUMBER_HEADER, numberRows(c.scaling()));
        }
        sb.append('\n').append("Noise\n");
        c.noise().forEach(n -> wrap(sb, n, "  "));
        return sb.toString();
    }

    static String title(Comparison c) {
        String program = c.after().program().isEmpty() ? c.before().program() : c.after().program();
        return "numa diff: " + c.before().kind().label() + (program.isEmpty() ? "" : " of " + program);
    }

    static String issuesTitle(Comparison c) {
        return String.format(Locale.ROOT, "Issues: %d fixed, %d new, %d unchanged (matched by kind and location, see "
                + "docs/diff.md)", c.count(IssueMatching.Status.FIXED), c.count(IssueMatching.Status.NEW),
                c.count(IssueMatching.Status.UNCHANGED));
    }

    static List<List<String>> categoryRows(Comparison c) {
        List<List<String>> rows = new ArrayList<>();
        for (LabelChange l : c.categories()) {
            rows.add(List.of(l.application(), l.measure(), dash(l.before()), dash(l.after()), l.verdict().label()));
        }
        return rows;
    }

    /** One row per issue, and under it rows with where it is and how that moved. */
    static List<List<String>> issueRows(Comparison c) {
        List<List<String>> rows = new ArrayList<>();
        for (IssueMatching.Match m : c.issues()) {
            NumberChange s = m.score();
            String verdict = m.status() == IssueMatching.Status.UNCHANGED ? "score " + s.verdict().label() : "";
            rows.add(List.of(m.status().label(), m.issue().kind(), value(s.before()), value(s.after()), m.issue().unit(),
                    verdict));
            rows.add(List.of("", (m.issue().site().isEmpty() ? "  whole program: " : "  at ") + m.issue().location(), "",
                    "", "", ""));
            if (!m.moved().isEmpty()) {
                rows.add(List.of("", "  moved: " + m.moved(), "", "", "", ""));
            }
        }
        return rows;
    }

    static List<List<String>> numberRows(List<NumberChange> changes) {
        List<List<String>> rows = new ArrayList<>();
        for (NumberChange n : changes) {
            rows.add(List.of(n.application(), n.measure() + " (" + n.unit() + ")", value(n.before()), value(n.after()),
                    change(n), n.verdict().label()));
        }
        return rows;
    }

    /** The value, with its range where it rests on repeats; "-" where not measured. */
    static String value(Measured m) {
        if (!m.present()) {
            return "-";
        }
        return m.noiseKnown() ? number(m.value()) + " (" + number(m.low()) + "-" + number(m.high()) + ")"
                : number(m.value());
    }

    static String change(NumberChange n) {
        double d = n.delta();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "";
        }
        double pct = n.deltaPct();
        return (d >= 0 ? "+" : "") + number(d) + (Double.isNaN(pct) || Double.isInfinite(pct) ? ""
                : String.format(Locale.ROOT, " (%+.0f%%)", pct));
    }

    /** Four significant digits, whole numbers from 10,000 up, "inf" for an unbounded score. */
    static String number(double v) {
        if (Double.isInfinite(v)) {
            return "inf";
        }
        if (Math.abs(v) >= 10_000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v == 0) {
            return "0";
        }
        String s = new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }

    private static String dash(String s) {
        return s.isEmpty() ? "-" : s;
    }

    /** Columns as wide as their widest cell, two spaces apart, the last one not padded. */
    static void table(StringBuilder sb, List<String> header, List<List<String>> rows) {
        int[] width = new int[header.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> r : all) {
            for (int i = 0; i < r.size(); i++) {
                // the issue's location row spans the columns after its first
                boolean spanning = r.get(0).isEmpty() && i == 1 && r.get(2).isEmpty();
                if (!spanning) {
                    width[i] = Math.max(width[i], r.get(i).length());
                }
            }
        }
        for (List<String> r : all) {
            StringBuilder line = new StringBuilder("  ");
            for (int i = 0; i < r.size(); i++) {
                line.append(i == r.size() - 1 ? r.get(i) : pad(r.get(i), width[i])).append(i == r.size() - 1 ? "" : "  ");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** {@code text} in lines of at most {@link #WIDTH} columns, each after {@code indent}. */
    static void wrap(StringBuilder sb, String text, String indent) {
        StringBuilder line = new StringBuilder(indent);
        for (String word : text.split(" ")) {
            if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
                sb.append(line).append('\n');
                line = new StringBuilder(indent + "  ");
            }
            if (line.length() > indent.length() && !line.toString().endsWith("  ")) {
                line.append(' ');
            }
            line.append(word);
        }
        sb.append(line).append('\n');
    }
}
