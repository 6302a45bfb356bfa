package com.numa.characterize.diff;

import com.numa.core.io.ChartRendering;
import com.numa.core.io.Html;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * A comparison as one self-contained HTML page: the terminal's tables (cells from {@link DiffText}), and a before /
 * after chart of the shared accesses and of Table 6's times, inlined.
 */
public final class DiffHtml {
    private DiffHtml() {
    }

    public static String render(Comparison c) throws IOException {
        System.setProperty("java.awt.headless", "true");
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(DiffText.title(c))).append("</title><style>"
                        + "body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
                        + "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:13px}"
                        + "td,th{border:1px solid #bbb;padding:3px 6px;text-align:left;vertical-align:top}"
                        + "th{background:#eef}.note{color:#555;font-size:13px}.warn{background:#fff4d6;padding:6px 10px}"
                        + ".changed{background:#ffe9e6}.fixed{background:#e7f7e7}</style></head><body>\n");
        sb.append("<h1>").append(Html.escape(DiffText.title(c))).append("</h1>\n<p class=\"note\">before: ")
                .append(Html.escape(c.before().dir().toString())).append("<br>after: ")
                .append(Html.escape(c.after().dir().toString())).append("</p>\n");
        c.warnings().forEach(w -> sb.append("<p class=\"warn\">Warning: ").append(Html.escape(w)).append("</p>\n"));
        if (!c.categories().isEmpty()) {
            sb.append("<h2>Categories</h2>\n");
            table(sb, DiffText.CATEGORY_HEADER, DiffText.categoryRows(c));
        }
        if (c.before().kind() == Output.Kind.DIAGNOSIS) {
            sb.append("<h2>").append(Html.escape(DiffText.issuesTitle(c))).append("</h2>\n");
            if (!c.issues().isEmpty()) {
                table(sb, DiffText.ISSUE_HEADER, DiffText.issueRows(c));
            }
        }
        if (!c.sharing().isEmpty()) {
            sb.append("<h2>Shared accesses</h2>\n<p class=\"note\">% of profiled object accesses; owner = last writer."
                    + "</p>\n");
            table(sb, DiffText.NUMBER_HEADER, DiffText.numberRows(c.sharing()));
            sb.append(Html.inlinePng("shared accesses before and after", chart("% of object accesses", c.sharing())))
                    .append('\n');
        }
        if (!c.scaling().isEmpty()) {
            sb.append("<h2>Table 6: scaling</h2>\n<p class=\"note\">Median measured iteration, its range in "
                    + "parentheses; ").append(Html.escape(Comparison.ALL_VS_SINGLE)).append(" = Single / All Nodes time."
                    + "</p>\n");
            table(sb, DiffText.NUMBER_HEADER, DiffText.numberRows(c.scaling()));
            List<NumberChange> times = c.scaling().stream().filter(n -> n.unit().equals("ms")).toList();
            if (!times.isEmpty()) {
                sb.append(Html.inlinePng("median iteration times before and after", chart("median iteration (ms)", times)))
                        .append('\n');
            }
        }
        sb.append("<h2>Noise</h2>\n");
        c.noise().forEach(n -> sb.append("<p>").append(Html.escape(n)).append("</p>\n"));
        return sb.append("</body></html>\n").toString();
    }

    /** Rows whose verdict is a change are marked; a fixed issue too. */
    private static void table(StringBuilder sb, List<String> header, List<List<String>> rows) {
        sb.append("<table><tr>");
        header.forEach(h -> sb.append("<th>").append(Html.escape(h)).append("</th>"));
        sb.append("</tr>\n");
        for (List<String> r : rows) {
            String last = r.get(r.size() - 1);
            String css = r.get(0).equals(IssueMatching.Status.FIXED.label()) ? " class=\"fixed\""
                    : last.startsWith(Verdict.CHANGED.label()) || r.get(0).equals(IssueMatching.Status.NEW.label())
                            ? " class=\"changed\"" : "";
            sb.append("<tr").append(css).append('>');
            if (r.get(0).isEmpty()) {
                // an issue's location: one cell across the row
                sb.append("<td></td><td colspan=\"").append(r.size() - 1).append("\">").append(Html.escape(r.get(1).strip()))
                        .append("</td>");
            } else {
                r.forEach(cell -> sb.append("<td>").append(Html.escape(cell)).append("</td>"));
            }
            sb.append("</tr>\n");
        }
        sb.append("</table>\n");
    }

    private static Optional<byte[]> chart(String yTitle, List<NumberChange> changes) throws IOException {
        return ChartRendering.draw(() -> {
            CategoryChart chart = new CategoryChartBuilder().width(760).height(380).yAxisTitle(yTitle).build();
            chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS)
                    .setLegendLayout(org.knowm.xchart.style.Styler.LegendLayout.Horizontal);
            List<String> labels = changes.stream().map(n -> n.application() + " " + n.measure()).toList();
            chart.addSeries("before", labels, changes.stream().map(n -> (Number) zero(n.before())).toList());
            chart.addSeries("after", labels, changes.stream().map(n -> (Number) zero(n.after())).toList());
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        });
    }

    private static double zero(Measured m) {
        return m.present() && Double.isFinite(m.value()) ? m.value() : 0;
    }
}
