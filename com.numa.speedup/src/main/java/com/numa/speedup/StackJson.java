package com.numa.speedup;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.numa.perfutil.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;

/** {@code speedup_stack.json}: the stacks with the per-worker times behind them and the measurement's cost. */
final class StackJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private StackJson() {
    }

    static void write(Path target, StackReport report) throws IOException {
        AtomicFiles.writeString(target, JSON.writeValueAsString(tree(report)) + "\n");
    }

    static ObjectNode tree(StackReport report) {
        ObjectNode root = JSON.createObjectNode();
        root.put("tool", "numa speedup-stack");
        root.put("method", "Sartor et al., speedup stacks for managed applications; JFR + PerfUtil task-clock");
        root.put("jvm", Runtime.version().toString());
        root.put("repeat", report.repeat());
        ArrayNode args = root.putArray("java_arguments");
        report.javaArguments().forEach(args::add);
        root.put("baseline_t_s_ns", report.plainWallNs().get(1));
        root.put("measurement_startup_ns", report.startupNs());
        ArrayNode stacks = root.putArray("stacks");
        for (SpeedupStack s : report.stacks()) {
            ObjectNode n = stacks.addObject();
            n.put("threads", s.threads());
            n.put("ideal_speedup", s.threads());
            n.put("t_s_ns", s.serialNs());
            n.put("t_p_ns", s.parallelNs());
            n.put("dominant_delimiter", s.dominantDelimiter().label());
            n.put("measured_wall_ns", report.measuredWallNs().get(s.threads()));
            n.put("measurement_overhead_pct", report.overheadPct(s.threads()));
            n.put("measurement_running_overhead_pct", report.runningOverheadPct(s.threads()));
            ArrayNode parts = n.putArray("components");
            for (Component c : Component.values()) {
                SpeedupStack.Part p = s.parts().get(c);
                ObjectNode pn = parts.addObject();
                pn.put("component", c.label());
                pn.put("equation", c.equation());
                pn.put("speedup", p.speedup());
                pn.put("weighted_ns", p.weightedNs());
                pn.put("mt_ns", p.mtNs());
                pn.put("st_ns", p.stNs());
            }
            run(n.putObject("baseline_run"), s.baseline());
            run(n.putObject("parallel_run"), s.parallel());
        }
        ArrayNode warnings = root.putArray("warnings");
        report.warnings().forEach(warnings::add);
        return root;
    }

    private static void run(ObjectNode n, RunSummary r) {
        n.put("wall_ns", r.wallNs());
        n.put("worker_count", r.workerCount());
        n.put("worker_span_ns", r.workerSpanNs());
        n.put("gc_pause_ns", r.gcPauseNs());
        n.put("sync_ns", r.syncNs());
        n.put("exit_ns", r.exitNs());
        n.put("running_ns", r.runningNs());
        ArrayNode workers = n.putArray("workers");
        for (RunSummary.WorkerShare w : r.workers()) {
            ObjectNode wn = workers.addObject();
            wn.put("name", w.name());
            wn.put("lifetime_ns", w.lifetimeNs());
            wn.put("sync_ns", w.syncNs());
            wn.put("exit_ns", w.exitNs());
            wn.put("running_ns", w.runningNs());
        }
    }
}
