package com.numa.speedup;

import com.numa.core.io.AtomicFiles;
import com.numa.core.io.Html;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Locale;

/** {@code speedup_stack.html}: one self-contained page, the chart inlined as a PNG data URI and the numbers as a table. */
final class StackHtml {
    private StackHtml() {
    }

    /** {@code png}: the chart, or empty where it could not be drawn (the page then says why instead). */
    static void write(Path target, StackReport report, Optional<byte[]> png) throws IOException {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>numa speedup-stack</title>\n")
                .append("<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}")
                .append("td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}th{background:#eee}</style>")
                .append("</head><body>\n<h1>Speedup stack").append(report.title().isBlank() ? "" : ": " + Html.escape(report.title()))
                .append("</h1>\n<p>")
                .append(Html.escape(String.join(" ", report.javaArguments()))).append("; median of ").append(report.repeat())
                .append(" run(s) per thread count; T<sub>s</sub> = ")
                .append(ms(report.plainWallNs().get(1))).append(" ms; measurement start-up ")
                .append(ms(report.startup().wallNs())).append(" ms per JVM</p>\n")
                .append(Html.inlinePng("speedup stack", png))
                .append("\n<table><tr><th>threads</th>");
        for (Component c : Component.values()) {
            h.append("<th>").append(c.label()).append(" (eq. ").append(c.equation()).append(")</th>");
        }
        h.append("<th>time-sharing (upper bound, in other)</th><th>T<sub>p</sub> ms</th><th>measurement cost % (running)</th></tr>\n");
        for (SpeedupStack s : report.stacks()) {
            h.append("<tr><td>").append(s.threads()).append("</td>");
            for (Component c : Component.values()) {
                h.append("<td>").append(String.format(Locale.ROOT, "%.3f", s.speedup(c))).append("</td>");
            }
            h.append("<td>").append(String.format(Locale.ROOT, "%.3f", s.timeSharing())).append("</td><td>")
                    .append(ms(s.parallelNs())).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.1f (%.1f)", report.overheadPct(s.threads()),
                            report.runningOverheadPct(s.threads()))).append("</td></tr>\n");
        }
        h.append("</table>\n");
        for (String w : report.warnings()) {
            h.append("<p><b>").append(Html.escape(w)).append("</b></p>\n");
        }
        h.append("</body></html>\n");
        AtomicFiles.writeString(target, h.toString());
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.1f", ns / 1e6);
    }
}
