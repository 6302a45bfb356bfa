package com.numa.speedup;

import com.numa.core.io.ChartRendering;
import com.numa.core.io.AtomicFiles;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.style.Styler;

/**
 * The stacked bars, one per thread count, drawn by XChart: measured speedup at the bottom, the delimiters on top, so
 * each bar is N high (the paper's Fig. 3). A negative "other" (the measured causes explain more than the gap) is drawn
 * as zero; the CSV keeps the signed value. "Other" is drawn in two parts: on top, in a lighter grey, the part that
 * time-sharing explains (at most all of it), which the paper's machines did not have.
 */
final class StackChart {
    private StackChart() {
    }

    static CategoryChart chart(List<SpeedupStack> stacks, String title) {
        System.setProperty("java.awt.headless", "true");
        CategoryChart chart = new CategoryChartBuilder().width(720).height(480)
                .title(title.isBlank() ? "Speedup stack" : "Speedup stack: " + title)
                .xAxisTitle("threads (N)").yAxisTitle("speedup").build();
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setAvailableSpaceFill(0.5);
        // One fixed colour per component, in Component order, so stacks of different runs read alike.
        chart.getStyler().setSeriesColors(new Color[] {new Color(0x4C72B0), new Color(0xDD8452), new Color(0x8172B3),
            new Color(0x55A868), new Color(0xC44E52), new Color(0x9E9E9E), new Color(0xD9D9D9)});
        List<String> xs = new ArrayList<>();
        stacks.forEach(s -> xs.add(Integer.toString(s.threads())));
        for (Component c : Component.values()) {
            List<Double> ys = new ArrayList<>();
            stacks.forEach(s -> ys.add(c == Component.OTHER ? otherBeyondTimeSharing(s) : Math.max(0, s.speedup(c))));
            chart.addSeries(c.label() + " (" + c.equation() + ")", xs, ys);
        }
        List<Double> sharing = new ArrayList<>();
        stacks.forEach(s -> sharing.add(Math.max(0, s.speedup(Component.OTHER)) - otherBeyondTimeSharing(s)));
        chart.addSeries("other: time-sharing", xs, sharing);
        return chart;
    }

    static String svg(CategoryChart chart) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return out.toString(StandardCharsets.UTF_8);
    }

    static byte[] png(CategoryChart chart) throws IOException {
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }

    /** The part of a non-negative "other" that time-sharing does not explain. */
    static double otherBeyondTimeSharing(SpeedupStack s) {
        double other = Math.max(0, s.speedup(Component.OTHER));
        return other - Math.min(other, s.timeSharing());
    }

    /**
     * Writes {@code <base>.svg} and {@code <base>.png}; returns the PNG for embedding, or empty where charts cannot be
     * drawn in this JVM (then neither file is written; {@link ChartRendering#failure()} says why).
     */
    static Optional<byte[]> write(Path dir, String base, List<SpeedupStack> stacks, String title) throws IOException {
        CategoryChart chart = chart(stacks, title);
        Optional<byte[]> svg = ChartRendering.draw(() -> svg(chart).getBytes(StandardCharsets.UTF_8));
        Optional<byte[]> png = ChartRendering.draw(() -> png(chart));
        if (svg.isPresent() && png.isPresent()) {
            AtomicFiles.writeBytes(dir.resolve(base + ".svg"), svg.get());
            AtomicFiles.writeBytes(dir.resolve(base + ".png"), png.get());
            return png;
        }
        return Optional.empty();
    }
}
