package com.numa.characterize.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where every number of a characterization comes from: machine, JVM, topology, events and their coverage, the
 * configurations (and why any could not be formed), the options and thresholds, and the date.
 */
public record Provenance(String date, String machine, int cpus, String jvm, String topology, boolean emulatedTopology,
        boolean hardwarePmu, List<String> events, double minCoveragePct, Map<String, String> configurations,
        String suite, Map<String, Object> options, Map<String, Double> thresholds) {

    public Provenance {
        events = List.copyOf(events);
        // insertion order is the order the report shows
        configurations = Collections.unmodifiableMap(new LinkedHashMap<>(configurations));
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        thresholds = Collections.unmodifiableMap(new LinkedHashMap<>(thresholds));
    }

    /** The line every table and figure carries when counts are software events only. */
    public String countersNote() {
        return hardwarePmu ? "" : "no hardware PMU on this machine: work is task-clock (CPU time), C = task-clock, I and "
                + "the LLC figures are not measured";
    }
}
