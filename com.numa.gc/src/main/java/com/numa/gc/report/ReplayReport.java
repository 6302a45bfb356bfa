package com.numa.gc.report;

import com.numa.core.io.ChartRendering;
import com.numa.core.io.CsvTables;
import com.numa.core.io.Html;
import com.numa.gc.heap.Generation;
import com.numa.gc.replay.ReplayResult;
import com.numa.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The artifacts of {@code gc-replay}: {@code replay.csv} (one row per policy, units in the column names) and
 * {@code replay.html} (the same numbers, a chart drawn by XChart embedded as PNG, and the provenance: topology,
 * binding, JVM). Both are written atomically.
 */
public final class ReplayReport {
    /** Column order of replay.csv. */
    public static final List<String> COLUMNS = List.of("policy", "local_accesses", "remote_accesses", "remote_pct",
            "young_remote_pct", "survivor_remote_pct", "old_remote_pct", "reduction_vs_baseline_pct",
            "reduction_vs_parallel_numa_pct", "reduction_vs_g1_numa_pct", "collections", "pause_p50_ms",
            "pause_p99_ms", "pause_max_ms", "bytes_copied", "copy_mb_per_s", "spilled_copies", "stolen_work_items",
            "placement_sampled_pages", "placement_agree_pct", "events", "topology");

    private final List<ReplayResult> results;

    public ReplayReport(List<ReplayResult> results) {
        this.results = List.copyOf(results);
    }

    /**
     * Percent fewer remote accesses than {@code reference} (negative: more), or empty when there is no such
     * result or it had no remote accesses.
     */
    public Optional<Double> reductionPct(ReplayResult r, String reference) {
        return results.stream().filter(x -> x.policy().equals(reference)).findFirst()
                .filter(ref -> ref.accesses().remote() > 0)
                .map(ref -> 100.0 * (1 - (double) r.accesses().remote() / ref.accesses().remote()));
    }

    /** Writes replay.csv and replay.html into {@code dir}; returns their paths. */
    public List<Path> write(Path dir) throws IOException {
        Path csv = dir.resolve("replay.csv");
        Path html = dir.resolve("replay.html");
        CsvTables.write(csv, COLUMNS, p -> {
            for (ReplayResult r : results) {
                p.printRecord(row(r));
            }
        });
        AtomicFiles.writeString(html, html());
        return List.of(csv, html);
    }

    List<Object> row(ReplayResult r) {
        List<Object> row = new ArrayList<>();
        row.add(r.policy());
        row.add(r.accesses().local());
        row.add(r.accesses().remote());
        row.add(fmt(r.accesses().remotePct()));
        for (Generation g : Generation.values()) {
            long all = r.accesses().local(g) + r.accesses().remote(g);
            row.add(all == 0 ? "" : fmt(100.0 * r.accesses().remote(g) / all));
        }
        for (String ref : List.of("baseline", "parallel-numa", "g1-numa")) {
            row.add(reductionPct(r, ref).map(ReplayReport::fmt).orElse(""));
        }
        row.add(r.heap().collections());
        row.add(fmt(r.pauses().p50Ms()));
        row.add(fmt(r.pauses().p99Ms()));
        row.add(fmt(r.pauses().maxMs()));
        row.add(r.heap().bytesCopied());
        row.add(fmt(r.copyMbPerS()));
        row.add(r.heap().spilledCopies());
        row.add(r.heap().stolenItems());
        row.add(r.placement().sampled());
        row.add(Double.isNaN(r.placement().agreePct()) ? "" : fmt(r.placement().agreePct()));
        row.add(r.events());
        row.add(r.topology());
        return row;
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private String html() throws IOException {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>gc-replay</title><style>body{font-family:sans-serif;margin:2em}table{border-collapse:"
                + "collapse}td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}td:first-child{text-align:"
                + "left}</style></head><body>\n<h1>gc-replay: remote accesses per heap policy</h1>\n");
        h.append(Html.inlinePng("remote accesses per policy", ChartRendering.draw(this::chartPng)))
                .append("\n<table><tr>");
        List<String> shown = List.of("policy", "local_accesses", "remote_accesses", "remote_pct",
                "reduction_vs_baseline_pct", "reduction_vs_parallel_numa_pct", "reduction_vs_g1_numa_pct",
                "collections", "pause_p50_ms", "pause_p99_ms", "pause_max_ms", "bytes_copied", "copy_mb_per_s");
        for (String c : shown) {
            h.append("<th>").append(c).append("</th>");
        }
        h.append("</tr>\n");
        for (ReplayResult r : results) {
            List<Object> row = row(r);
            h.append("<tr>");
            for (String c : shown) {
                h.append("<td>").append(Html.escape(String.valueOf(row.get(COLUMNS.indexOf(c))))).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n<h2>Provenance</h2>\n<ul>\n");
        if (!results.isEmpty()) {
            ReplayResult first = results.get(0);
            h.append("<li>topology: ").append(Html.escape(first.topology())).append("</li>\n");
            h.append("<li>arena: ").append(Html.escape(first.binding())).append("</li>\n");
        }
        h.append("<li>JVM: ").append(Html.escape(System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version"))).append("</li>\n");
        for (ReplayResult r : results) {
            for (String note : r.notes()) {
                h.append("<li>").append(Html.escape(r.policy() + ": " + note)).append("</li>\n");
            }
        }
        return h.append("</ul>\n</body></html>\n").toString();
    }

    private byte[] chartPng() throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true"); // reports are made on servers without a display
        }
        CategoryChart chart = new CategoryChartBuilder().width(900).height(450)
                .title("Remote accesses by heap policy").xAxisTitle("policy").yAxisTitle("remote accesses (%)")
                .build();
        chart.getStyler().setLegendVisible(true);
        chart.getStyler().setXAxisLabelRotation(20); // six policy names side by side overlap otherwise
        List<String> policies = results.stream().map(ReplayResult::policy).toList();
        chart.addSeries("all", policies, results.stream().map(r -> r.accesses().remotePct()).toList());
        chart.addSeries("old generation", policies, results.stream().map(r -> {
            long all = r.accesses().local(Generation.OLD) + r.accesses().remote(Generation.OLD);
            return all == 0 ? 0.0 : 100.0 * r.accesses().remote(Generation.OLD) / all;
        }).toList());
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }
}
