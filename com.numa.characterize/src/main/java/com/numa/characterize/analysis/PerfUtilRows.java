package com.numa.characterize.analysis;

import com.numa.core.io.CsvTables;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a run's PerfUtil CSV: the {@code window} rows (the measured iterations) when the run marked iterations, else
 * the whole-run {@code thread} rows; the events that were counted; their lowest multiplexing coverage.
 *
 * @param threads     one entry per thread
 * @param events      the events with rows, in the CSV's order (hardware events missing without a PMU)
 * @param windowed    true when the counts are the measured window's
 * @param minCoverage the lowest coverage_pct of any row whose counter was enabled at all (100 = never multiplexed)
 * @param threadsStarted   threads the JVM started in the window; -1 when the CSV does not say
 * @param unmeasuredCpuPct share of the application's CPU time on threads that were not counted; NaN when unknown
 */
public record PerfUtilRows(List<ThreadWork> threads, List<String> events, boolean windowed, double minCoverage,
        int threadsStarted, double unmeasuredCpuPct) {

    public PerfUtilRows(List<ThreadWork> threads, List<String> events, boolean windowed, double minCoverage) {
        this(threads, events, windowed, minCoverage, -1, Double.NaN);
    }

    public static PerfUtilRows read(Path csv) throws IOException {
        List<CSVRecord> records;
        try (Reader in = Files.newBufferedReader(csv);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            records = p.getRecords();
        }
        boolean windowed = records.stream().anyMatch(r -> r.get("scope").equals("window"));
        String scope = windowed ? "window" : "thread";
        Map<Integer, String[]> identity = new LinkedHashMap<>();
        Map<Integer, Map<String, Double>> counts = new LinkedHashMap<>();
        Set<String> events = new LinkedHashSet<>();
        double coverage = 100;
        for (CSVRecord r : records) {
            if (!r.get("scope").equals(scope)) {
                continue;
            }
            int tid = Integer.parseInt(r.get("tid"));
            identity.put(tid, new String[] {r.get("thread"), r.get("role")});
            counts.computeIfAbsent(tid, t -> new LinkedHashMap<>()).put(r.get("event"), Double.parseDouble(r.get("scaled")));
            events.add(r.get("event"));
            if (Long.parseLong(r.get("enabled_ns")) > 0) {
                // a counter never enabled (its thread never ran while counted) was not multiplexed: 0 of 0 is no loss
                coverage = Math.min(coverage, Double.parseDouble(r.get("coverage_pct")));
            }
        }
        List<ThreadWork> threads = new ArrayList<>();
        identity.forEach((tid, id) -> threads.add(new ThreadWork(tid, id[0], ThreadWork.role(id[1]), counts.get(tid))));
        return new PerfUtilRows(threads, List.copyOf(events), windowed, coverage);
    }
}
