package com.numa.characterize.report;

import com.numa.characterize.run.ApplicationResult;
import com.numa.characterize.run.Runner;
import com.numa.core.classification.SharingAdvice;
import com.numa.core.io.AtomicFiles;
import com.numa.core.io.ChartRendering;
import com.numa.core.io.CsvTables;
import com.numa.core.io.Html;
import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a characterization's files, each atomically: one CSV per table, characterization.json (every table with the
 * provenance), the figures as PNG, report.html (one self-contained page: figures inlined) and report.md.
 */
public final class StudyOutput {
    private StudyOutput() {
    }

    /** {@code speedupStacks}: the PNG of each application's speedup stack, where one was drawn (may be empty). */
    public static void write(Path out, List<ApplicationResult> apps, Provenance p, Map<String, Path> speedupStacks)
            throws IOException {
        List<Table> tables = StudyTables.all(apps, p);
        List<Figures.Figure> figures = Figures.all(apps, p);
        List<String> warnings = new ArrayList<>(warnings(apps));
        ChartRendering.failure().ifPresent(warnings::add);
        for (Table t : tables) {
            writeCsv(out, t);
        }
        for (Figures.Figure f : figures) {
            AtomicFiles.writeBytes(out.resolve("figures").resolve(f.file()), f.png());
        }
        JsonFiles.write(out.resolve("characterization.json"), json(tables, p));
        Map<String, byte[]> stacks = new LinkedHashMap<>();
        for (Map.Entry<String, Path> e : speedupStacks.entrySet()) {
            stacks.put(e.getKey(), java.nio.file.Files.readAllBytes(e.getValue()));
        }
        List<VerdictSummary.Row> verdicts = VerdictSummary.rows(apps);
        AtomicFiles.writeString(out.resolve("report.html"), html(verdicts, tables, figures, p, stacks, warnings));
        AtomicFiles.writeString(out.resolve("report.md"), markdown(verdicts, tables, figures, p, stacks.keySet(), warnings));
    }

    /** Writes {@code t} as {@code <dir>/<t.file()>}, atomically. */
    public static void writeCsv(Path dir, Table t) throws IOException {
        CsvTables.write(dir.resolve(t.file()), t.header(), csv -> {
            for (List<String> row : t.rows()) {
                csv.printRecord(row);
            }
        });
    }

    /** {@code t} as a Markdown section: its title, its note, the columns a page shows ({@link #shownColumns}). */
    public static void appendMarkdown(StringBuilder sb, Table t) {
        sb.append("## ").append(t.title()).append("\n\n");
        List<Integer> shown = shownColumns(t);
        if (!t.note().isEmpty() && !(notMeasured(t, shown) && !t.notMeasured().isEmpty())) {
            sb.append(t.note()).append("\n\n");
        }
        if (notMeasured(t, shown)) {
            sb.append("**Not measured**: ").append(notMeasuredWhy(t)).append("\n\n");
            return;
        }
        leftOut(t).ifPresent(l -> sb.append("_").append(l).append("_\n\n"));
        sb.append("| ").append(String.join(" | ", shown.stream().map(i -> t.header().get(i)).toList())).append(" |\n|");
        shown.forEach(i -> sb.append("---|"));
        sb.append("\n");
        for (List<String> r : t.rows()) {
            sb.append("| ").append(String.join(" | ", shown.stream().map(i -> r.get(i).replace("|", "\\|")).toList()))
                    .append(" |\n");
        }
        sb.append("\n");
    }

    /** "application: warning", one per warning of every application, for the top of the report. */
    static List<String> warnings(List<ApplicationResult> apps) {
        List<String> out = new ArrayList<>();
        apps.forEach(a -> a.warnings().forEach(w -> out.add(a.name() + ": " + w)));
        return out;
    }

    private static Map<String, Object> json(List<Table> tables, Provenance p) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("provenance", p);
        Map<String, Object> byFile = new LinkedHashMap<>();
        for (Table t : tables) {
            List<Map<String, String>> rows = new ArrayList<>();
            for (List<String> r : t.rows()) {
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 0; i < t.header().size(); i++) {
                    row.put(t.header().get(i), r.get(i));
                }
                rows.add(row);
            }
            Map<String, Object> table = new LinkedHashMap<>();
            table.put("title", t.title());
            table.put("note", t.note());
            table.put("rows", rows);
            byFile.put(t.file().replace(".csv", ""), table);
        }
        root.put("tables", byFile);
        return root;
    }

    static String html(List<VerdictSummary.Row> verdicts, List<Table> tables, List<Figures.Figure> figures, Provenance p,
            Map<String, byte[]> stacks, List<String> warnings) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>NUMA characterization: " + Html.escape(p.suite()) + "</title><style>"
                + "body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
                + "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:12px;width:100%}"
                + "td,th{border:1px solid #bbb;padding:3px 5px;text-align:left;vertical-align:top;max-width:22em;"
                + "overflow-wrap:break-word}"
                // a header breaks only after an underscore (<wbr>), never a letter at a time
                + "th{overflow-wrap:normal;word-break:keep-all;hyphens:none}"
                + "td.long{min-width:14em}"
                + "th{background:#eef}.note{color:#555;font-size:13px}.warn{background:#fff4d6;padding:6px 10px}"
                + "tr.advice td{border-top:none;font-size:12px}tr.advice ul{margin:.2em 0 .4em;padding-left:1.4em}"
                + "code.cmd{display:block;white-space:pre-wrap;word-break:break-all;user-select:all;background:#f3f3f3;"
                + "border:1px solid #ccc;padding:4px 6px;margin-top:2px;font-size:11px}"
                + "button.copy{font-size:11px;margin-left:.5em}"
                + ".unmeasured{background:#f3f3f3;padding:6px 10px;font-size:13px}"
                + "figure{margin:1em 0}figcaption{font-size:13px;color:#444}</style></head><body>\n");
        sb.append("<h1>NUMA characterization: ").append(Html.escape(p.suite())).append("</h1>\n");
        sb.append("<p class=\"note\">").append(Html.escape(p.date())).append(" &middot; ").append(Html.escape(p.machine())).append(", ")
                .append(p.cpus()).append(" CPUs &middot; ").append(Html.escape(p.jvm())).append(" &middot; topology ")
                .append(Html.escape(p.topology())).append(p.emulatedTopology() ? " (emulated)" : " (real)").append("</p>\n");
        sb.append("<h2>Verdicts</h2><table><tr><th>application</th><th>categories</th><th>confidence</th>"
                + "<th>recommendation</th><th>concerns</th><th>evidence</th></tr>\n");
        for (VerdictSummary.Row v : verdicts) {
            sb.append(v.weak() ? "<tr class=\"warn\">" : "<tr>").append("<td>").append(Html.escape(v.application()))
                    .append("</td><td>").append(Html.escape(v.categories())).append("</td><td><b>").append(Html.escape(v.confidence()))
                    .append("</b></td><td class=\"long\">").append(Html.escape(v.recommendation())).append("</td><td class=\"long\">")
                    .append(Html.escape(v.concerns())).append("</td><td class=\"long\">").append(Html.escape(v.evidence()))
                    .append("</td></tr>\n");
            if (v.advice() != null) {
                appendAdvice(sb, v);
            }
        }
        sb.append("</table>\n");
        if (!p.countersNote().isEmpty()) {
            sb.append("<p class=\"warn\">").append(Html.escape(p.countersNote())).append("</p>\n");
        }
        for (String w : warnings) {
            sb.append("<p class=\"warn\">Warning: ").append(Html.escape(w)).append("</p>\n");
        }
        sb.append("<h2>Configurations</h2><ul>");
        p.configurations().entrySet()
                .forEach(e -> sb.append("<li><b>").append(Html.escape(e.getKey())).append("</b>: ").append(Html.escape(e.getValue())).append("</li>"));
        sb.append("</ul>\n");
        for (Table t : tables) {
            sb.append("<h2>").append(Html.escape(t.title())).append("</h2>\n");
            List<Integer> shown = shownColumns(t);
            // a table with nothing measured says why once, not in its note and again in place of the table
            if (!t.note().isEmpty() && !(notMeasured(t, shown) && !t.notMeasured().isEmpty())) {
                sb.append("<p class=\"note\">").append(Html.escape(t.note())).append("</p>\n");
            }
            if (notMeasured(t, shown)) {
                sb.append("<p class=\"unmeasured\"><b>Not measured</b>: ").append(Html.escape(notMeasuredWhy(t)))
                        .append("</p>\n");
                continue;
            }
            leftOut(t).ifPresent(l -> sb.append("<p class=\"note\">").append(Html.escape(l)).append("</p>\n"));
            sb.append("<table><tr>");
            shown.forEach(i -> sb.append("<th>").append(header(t.header().get(i))).append("</th>"));
            sb.append("</tr>\n");
            for (List<String> r : t.rows()) {
                sb.append("<tr>");
                // a long text gets room, so that its row does not grow into a column of single words
                shown.forEach(i -> sb.append(r.get(i).length() > 40 ? "<td class=\"long\">" : "<td>").append(Html.escape(r.get(i)))
                        .append("</td>"));
                sb.append("</tr>\n");
            }
            sb.append("</table>\n");
            if (t.file().equals("categories.csv")) {
                for (Figures.Figure f : figures) {
                    sb.append("<figure><img alt=\"").append(Html.escape(f.caption())).append("\" src=\"data:image/png;base64,")
                            .append(Base64.getEncoder().encodeToString(f.png())).append("\"><figcaption>")
                            .append(Html.escape(f.caption())).append("</figcaption></figure>\n");
                }
            }
        }
        if (!stacks.isEmpty()) {
            sb.append("<h2>Speedup stacks</h2><p class=\"note\">numa speedup-stack at 1 thread and at --threads: the gap "
                    + "between ideal and measured speedup split into GC, initialization, synchronization, imbalance and other "
                    + "(files in speedup/).</p>\n");
            stacks.forEach((name, png) -> sb.append("<figure><img alt=\"speedup stack of ").append(Html.escape(name))
                    .append("\" src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(png))
                    .append("\"><figcaption>").append(Html.escape(name)).append("</figcaption></figure>\n"));
        }
        sb.append("<h2>Events</h2><p class=\"note\">").append(Html.escape(String.join(", ", p.events())))
                .append("; lowest multiplexing coverage ").append(String.format(java.util.Locale.ROOT, "%.0f%%", p.minCoveragePct()))
                .append("</p>\n</body></html>\n");
        return sb.toString();
    }

    /**
     * Under a verdict's row: its shared objects with the change each calls for, and the numa diagnose command, which
     * a click selects whole (and the button copies) for pasting into a shell.
     */
    private static void appendAdvice(StringBuilder sb, VerdictSummary.Row v) {
        sb.append(v.weak() ? "<tr class=\"advice warn\">" : "<tr class=\"advice\">")
                .append("<td></td><td colspan=\"5\"><b>Change</b> (the allocation sites with most of the ")
                .append(Html.escape(v.advice().targets().get(0).measure())).append("):<ul>");
        for (SharingAdvice.Target t : v.advice().targets()) {
            String type = SharingAdvice.javaName(t.object().type()); // describe() starts with it: the name to scan for
            sb.append("<li><b>").append(Html.escape(type)).append("</b>")
                    .append(Html.escape(t.describe().substring(type.length()))).append(": ")
                    .append(Html.escape(t.change().text())).append("</li>");
        }
        sb.append("</ul><b>Next</b>: <code>numa diagnose</code> names their fields and array elements, and tells false "
                + "sharing from true (docs/diagnose.md); its files go to the --out below:"
                + "<button type=\"button\" class=\"copy\" onclick=\"navigator.clipboard.writeText("
                + "this.nextElementSibling.textContent)\">copy</button><code class=\"cmd\">")
                .append(Html.escape(v.advice().command())).append("</code></td></tr>\n");
    }

    /** A column name that breaks only after its underscores. */
    private static String header(String name) {
        return Html.escape(name).replace("_", "_<wbr>");
    }

    static String markdown(List<VerdictSummary.Row> verdicts, List<Table> tables, List<Figures.Figure> figures,
            Provenance p, java.util.Set<String> stacks, List<String> warnings) {
        StringBuilder sb = new StringBuilder("# NUMA characterization: " + p.suite() + "\n\n");
        sb.append(p.date()).append(" · ").append(p.machine()).append(", ").append(p.cpus()).append(" CPUs · ").append(p.jvm())
                .append(" · topology ").append(p.topology()).append(p.emulatedTopology() ? " (emulated)" : " (real)").append("\n\n");
        sb.append("## Verdicts\n\n| application | categories | confidence | recommendation | concerns | evidence |\n"
                + "|---|---|---|---|---|---|\n");
        for (VerdictSummary.Row v : verdicts) {
            sb.append("| ").append(v.application()).append(" | ").append(v.categories()).append(" | **").append(v.confidence())
                    .append("** | ").append(v.recommendation().replace("|", "\\|")).append(" | ")
                    .append(v.concerns().replace("|", "\\|")).append(" | ").append(v.evidence()).append(" |\n");
        }
        sb.append("\n");
        for (VerdictSummary.Row v : verdicts) {
            if (v.advice() != null) {
                sb.append("**").append(v.application()).append("**: change\n\n");
                // "<init>" would read as an HTML tag
                v.advice().targets().forEach(t -> sb.append("- ").append(t.line().replace("<", "\\<")).append("\n"));
                sb.append("\nNext, to name their fields and array elements (docs/diagnose.md):\n\n```\n")
                        .append(v.advice().command()).append("\n```\n\n");
            }
        }
        if (!p.countersNote().isEmpty()) {
            sb.append("> ").append(p.countersNote()).append("\n\n");
        }
        for (String w : warnings) {
            sb.append("> **Warning**: ").append(w).append("\n\n");
        }
        p.configurations().entrySet()
                .forEach(e -> sb.append("- **").append(e.getKey()).append("**: ").append(e.getValue()).append("\n"));
        sb.append("\n");
        for (Table t : tables) {
            appendMarkdown(sb, t);
            if (t.file().equals("categories.csv")) {
                figures.forEach(f -> sb.append("![").append(f.caption()).append("](figures/").append(f.file()).append(")\n\n"));
            }
        }
        if (!stacks.isEmpty()) {
            sb.append("## Speedup stacks\n\n");
            stacks.forEach(name -> sb.append("![speedup stack of ").append(name).append("](speedup/")
                    .append(Runner.safe(name)).append("/speedup_stack.png)\n\n"));
        }
        return sb.toString();
    }

    /** Columns the page shows elsewhere: the warnings at its top; the verdicts' long texts in the Verdicts table. */
    private static final java.util.Set<String> SHOWN_ELSEWHERE = java.util.Set.of("warnings", "recommendation", "concerns",
            "evidence", "shared_objects", "java_change", "diagnose_command");

    /**
     * The columns a page shows of a table (the CSV keeps them all), so that the categories table fits the page: not
     * those shown elsewhere, nor those with no value in any row (the first, naming the row, always).
     */
    static List<Integer> shownColumns(Table t) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < t.header().size(); i++) {
            if (i == 0 || !SHOWN_ELSEWHERE.contains(t.header().get(i)) && !t.emptyColumn(i)) {
                out.add(i);
            }
        }
        return out;
    }

    /** Rows, but a value in none of their columns beside the first: the page says why instead of drawing the table. */
    static boolean notMeasured(Table t, List<Integer> shown) {
        return !t.rows().isEmpty() && shown.size() == 1;
    }

    static String notMeasuredWhy(Table t) {
        return t.notMeasured().isEmpty() ? t.note() : t.notMeasured();
    }

    /** The columns left out for having no value in any row, named under the table so nobody looks for them in vain. */
    static java.util.Optional<String> leftOut(Table t) {
        List<String> empty = new ArrayList<>();
        for (int i = 1; i < t.header().size(); i++) {
            if (!SHOWN_ELSEWHERE.contains(t.header().get(i)) && t.emptyColumn(i)) {
                empty.add(t.header().get(i));
            }
        }
        return empty.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of("Without a value in any row, so left out here (" + t.file() + " has them): "
                        + String.join(", ", empty) + ".");
    }
}
