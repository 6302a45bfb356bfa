package com.numa.characterize.report;

import com.numa.characterize.run.ApplicationResult;
import com.numa.characterize.run.Configuration;
import com.numa.core.io.ChartRendering;
import com.numa.perfutil.locality.LocalityReport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The figures of the report, drawn by XChart as PNG: the category map (where each application sits on Figure 2's two
 * axes), the workers' imbalance, the shared accesses, the remote share (Figure 4) and the scaling. Each figure is named after its file.
 */
public final class Figures {
    private static final int WIDTH = 760;
    private static final int HEIGHT = 460;
    /**
     * The category map's plot area, about (measured on the drawn PNG): the chart less its axes and the legend outside on
     * the right. The names are laid out in it, so a line of text here is a line on the picture.
     */
    private static final int PLOT_WIDTH = 410;
    private static final int PLOT_HEIGHT = 365;

    /** One figure: its file name, caption and PNG bytes. */
    public record Figure(String file, String caption, byte[] png) {
    }

    private Figures() {
    }

    /**
     * Every figure the results support, or fewer where charts cannot be drawn in this JVM ({@link
     * ChartRendering#failure()} says why).
     */
    public static List<Figure> all(List<ApplicationResult> apps, Provenance p) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<ApplicationResult> done = apps.stream().filter(a -> a.verdict() != null).toList();
        List<Figure> out = new ArrayList<>();
        if (done.isEmpty()) {
            return out;
        }
        String counters = StudyTables.measuredIn(done, ApplicationResult::parallelismMeasuredIn);
        add(out, "category_map.png", "Category map (" + counters + "): main thread's share of the work against the "
                + "workers' imbalance (Figure 2's axes); the marker is the category found" + note(p),
                () -> png(categoryMap(done)));
        add(out, "imbalance.png", "Workers' imbalance (Eq. 1, " + counters + ") in cycles (C), instructions (I) and "
                + "object accesses (OA)" + note(p), () -> png(imbalance(done, p)));
        if (done.stream().anyMatch(a -> a.profile() != null)) {
            add(out, "sharing.png", "Shared reads and writes, % of profiled object accesses (Table 4, profiled in "
                    + StudyTables.measuredIn(done, ApplicationResult::profiledIn) + ")", () -> png(sharing(done)));
        }
        RemoteShares remote = RemoteShares.of(done);
        if (!remote.series().isEmpty()) {
            add(out, "locality.png", remote.caption(), () -> png(locality(remote)));
        }
        if (done.stream().anyMatch(a -> !Double.isNaN(a.verdict().scaling()))) {
            add(out, "scaling.png", "All Nodes vs Single Node performance (Table 6; above 1: faster on all nodes)",
                    () -> png(scaling(done)));
        }
        return out;
    }

    private static void add(List<Figure> out, String file, String caption, ChartRendering.Drawing drawing)
            throws IOException {
        ChartRendering.draw(drawing).ifPresent(png -> out.add(new Figure(file, caption, png)));
    }

    private static String note(Provenance p) {
        return p.hardwarePmu() ? "" : " (no PMU: work is task-clock)";
    }

    private static XYChart categoryMap(List<ApplicationResult> apps) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).xAxisTitle("workers' imbalance (%)")
                .yAxisTitle("main thread's share of the work (%)").build();
        style(c.getStyler());
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        c.getStyler().setMarkerSize(11);
        Map<String, List<ApplicationResult>> byCategory = new LinkedHashMap<>();
        for (ApplicationResult a : apps) {
            byCategory.computeIfAbsent(a.verdict().parallelism().label(), k -> new ArrayList<>()).add(a);
        }
        byCategory.forEach((category, list) -> {
            double[] x = list.stream().mapToDouble(a -> a.parallelism().workImbalancePct()).toArray();
            double[] y = list.stream().mapToDouble(a -> a.parallelism().mainPct()).toArray();
            c.addSeries(category, x, y).setMarker(SeriesMarkers.CIRCLE);
        });
        // fixed scales (0-100% at least): a lone point with 0.002% imbalance must not stretch the axis to its width
        double maxX = apps.stream().mapToDouble(a -> a.parallelism().workImbalancePct()).max().orElse(0);
        double xMax = Math.max(100, maxX * 1.1);
        c.getStyler().setYAxisMin(0.0).setYAxisMax(105.0).setXAxisMin(0.0).setXAxisMax(xMax);
        // names of applications at the same spot (several balanced, main-free programs sit at 0,0) go nearby, joined
        // to their points by a leader line
        List<MapLabels.Box> labels = MapLabels.place(
                apps.stream().mapToDouble(a -> a.parallelism().workImbalancePct()).toArray(),
                apps.stream().mapToDouble(a -> a.parallelism().mainPct()).toArray(),
                apps.stream().map(ApplicationResult::name).toList(), xMax, 0, 105, PLOT_WIDTH, PLOT_HEIGHT);
        for (MapLabels.Box b : labels) {
            c.addAnnotation(new AnnotationText(b.name(), b.x(), b.y(), false));
            if (b.leader()) {
                double[] from = b.leaderStart(xMax / PLOT_WIDTH, 105.0 / PLOT_HEIGHT);
                double[] to = b.leaderEnd();
                XYSeries line = c.addSeries("leader to " + b.name(), new double[] {from[0], to[0]},
                        new double[] {from[1], to[1]});
                line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                line.setMarker(SeriesMarkers.NONE);
                line.setLineColor(java.awt.Color.GRAY);
                line.setLineWidth(0.8f);
                line.setShowInLegend(false);
            }
        }
        return c;
    }

    private static CategoryChart imbalance(List<ApplicationResult> apps, Provenance p) {
        CategoryChart c = bars("imbalance (%)");
        List<String> names = apps.stream().map(ApplicationResult::name).toList();
        c.addSeries(p.hardwarePmu() ? "C (cycles)" : "C (task-clock)", names,
                apps.stream().map(a -> (Number) zero(a.parallelism().cyclesImbalancePct())).toList());
        if (p.hardwarePmu()) {
            c.addSeries("I (instructions)", names, apps.stream().map(a -> (Number) zero(a.parallelism().instructionsImbalancePct())).toList());
        }
        if (apps.stream().anyMatch(a -> !Double.isNaN(a.parallelism().accessesImbalancePct()))) {
            c.addSeries("OA (object accesses)", names, apps.stream().map(a -> (Number) zero(a.parallelism().accessesImbalancePct())).toList());
        }
        double max = apps.stream().mapToDouble(a -> Math.max(zero(a.parallelism().cyclesImbalancePct()),
                zero(a.parallelism().accessesImbalancePct()))).max().orElse(0);
        c.getStyler().setYAxisMin(0.0).setYAxisMax(Math.max(10, max * 1.15));
        return c;
    }

    private static CategoryChart sharing(List<ApplicationResult> apps) {
        CategoryChart c = bars("% of object accesses");
        List<ApplicationResult> profiled = apps.stream().filter(a -> a.profile() != null).toList();
        List<String> names = profiled.stream().map(ApplicationResult::name).toList();
        c.addSeries("shared reads", names, profiled.stream().map(a -> (Number) zero(a.profile().sharedReadPct())).toList());
        c.addSeries("shared writes", names, profiled.stream().map(a -> (Number) zero(a.profile().sharedWritePct())).toList());
        return c;
    }

    private static CategoryChart scaling(List<ApplicationResult> apps) {
        CategoryChart c = bars("Single Node time / All Nodes time");
        List<ApplicationResult> both = apps.stream().filter(a -> !Double.isNaN(a.verdict().scaling())).toList();
        c.addSeries("All Nodes vs Single Node", both.stream().map(ApplicationResult::name).toList(),
                both.stream().map(a -> (Number) a.verdict().scaling()).toList());
        return c;
    }

    static CategoryChart locality(RemoteShares remote) {
        CategoryChart c = bars("remote share (%)");
        remote.series().forEach((series, values) -> c.addSeries(series, remote.applications(),
                values.stream().map(v -> (Number) v).toList()));
        c.getStyler().setYAxisMin(0.0).setYAxisMax(100.0);
        return c;
    }

    /**
     * Figure 4's data: per series, one remote share per application (in {@link #applications}). From the PMU, Dual
     * Node's LLC read and write misses served remotely; from the kernel, the application threads' sampled page
     * touches on a remote node in each configuration every charted application was sampled in. An application is
     * charted when it has a figure of the source; a source no application has adds no series.
     */
    record RemoteShares(List<String> applications, Map<String, List<Double>> series, String caption) {
        static RemoteShares of(List<ApplicationResult> apps) {
            List<ApplicationResult> pmu = apps.stream().filter(a -> !Double.isNaN(a.locality().dualRemoteReadPct())
                    || !Double.isNaN(a.locality().dualRemoteWritePct())).toList();
            List<ApplicationResult> kernel = apps.stream().filter(a -> a.locality().kernel().measured()).toList();
            List<ApplicationResult> charted = apps.stream().filter(a -> pmu.contains(a) || kernel.contains(a)).toList();
            Map<String, List<Double>> series = new LinkedHashMap<>();
            List<String> parts = new ArrayList<>();
            if (!pmu.isEmpty()) {
                series.put("LLC read misses, Dual Node (PMU)", values(charted, a -> a.locality().dualRemoteReadPct()));
                series.put("LLC write misses, Dual Node (PMU)", values(charted, a -> a.locality().dualRemoteWritePct()));
                parts.add("PMU: Dual Node's LLC misses served by a remote node's memory");
            }
            // a configuration only where every kernel-sampled application has it: a missing bar is not a 0% bar
            List<Configuration> sampled = Arrays.stream(Configuration.values()).filter(c -> !kernel.isEmpty()
                    && kernel.stream().allMatch(a -> a.locality().kernel().remotePct().containsKey(c.option())))
                    .toList();
            for (Configuration c : sampled) {
                series.put("page touches, " + c.label() + " (kernel)",
                        values(charted, a -> a.locality().kernel().remotePct(c.option())));
            }
            if (!sampled.isEmpty()) {
                parts.add("kernel: the application threads' " + LocalityReport.LABEL);
            }
            String caption = "Remote share (Figure 4), by source. " + String.join("; ", parts)
                    + ". Table 5 has the figures and the samples each rests on";
            return new RemoteShares(charted.stream().map(ApplicationResult::name).toList(), series, caption);
        }

        private static List<Double> values(List<ApplicationResult> apps,
                ToDoubleFunction<ApplicationResult> share) {
            return apps.stream().map(a -> zero(share.applyAsDouble(a))).toList();
        }
    }

    private static CategoryChart bars(String yTitle) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).yAxisTitle(yTitle).build();
        style(c.getStyler());
        c.getStyler().setXAxisLabelRotation(20);
        return c;
    }

    private static void style(AxesChartStyler s) {
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setChartBackgroundColor(java.awt.Color.WHITE);
        s.setPlotGridLinesVisible(true);
    }

    private static double zero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    static byte[] png(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) throws IOException {
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }
}
