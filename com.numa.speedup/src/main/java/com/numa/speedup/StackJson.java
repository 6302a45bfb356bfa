package com.numa.speedup;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.numa.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;

/** {@code speedup_stack.json}: the stacks with the per-worker times behind them and the measurement's cost. */
final class StackJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    private StackJson() {
    }

    static void write(Path target, StackReport report) throws IOException {
        AtomicFiles.writeString(target, JSON.writeValueAsString(tree(report)) + "\n");
    }

    static ObjectNode tree(StackReport report) {
        ObjectNode root = JSON.createObjectNode();
        root.put("tool", "numa speedup-stack");
        root.put("method", "Sartor et al., speedup stacks for managed applications; JFR + thread CPU time (ThreadMXBean)");
        root.put("title", report.title());
        root.put("jvm", Runtime.version().toString());
        root.put("repeat", report.repeat());
        ArrayNode args = root.putArray("java_arguments");
        report.javaArguments().forEach(args::add);
        root.put("baseline_t_s_ns", report.plainWallNs().get(1));
        root.put("measurement_startup_ns", report.startup().wallNs());
        root.put("measurement_startup_main_cpu_ns", report.startup().mainCpuNs());
        ArrayNode stacks = root.putArray("stacks");
        for (SpeedupStack s : report.stacks()) {
            ObjectNode n = stacks.addObject();
            n.put("threads", s.threads());
            n.put("ideal_speedup", s.threads());
            n.put("t_s_ns", s.serialNs());
            n.put("t_p_ns", s.parallelNs());
            n.put("dominant_delimiter", s.dominantDelimiter().label());
            n.put("time_sharing", s.timeSharing());
            n.put("time_sharing_ns", s.timeSharingNs());
            n.put("measured_wall_ns", report.measuredWallNs().get(s.threads()));
            n.put("measurement_overhead_pct", report.overheadPct(s.threads()));
            n.put("measurement_running_overhead_pct", report.runningOverheadPct(s.threads()));
            ArrayNode parts = n.putArray("components");
            for (Component c : Component.values()) {
                ObjectNode pn = parts.addObject();
                pn.put("component", c.label());
                pn.put("equation", c.equation());
                pn.setAll((ObjectNode) JSON.valueToTree(s.parts().get(c)));
            }
            // Records become objects field by field (snake_case): wall, main running, span, GC, waits, exits, workers.
            n.set("baseline_run", JSON.valueToTree(s.baseline()));
            n.set("parallel_run", JSON.valueToTree(s.parallel()));
        }
        ArrayNode warnings = root.putArray("warnings");
        report.warnings().forEach(warnings::add);
        return root;
    }
}
