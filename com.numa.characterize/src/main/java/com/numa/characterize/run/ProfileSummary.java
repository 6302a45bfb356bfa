package com.numa.characterize.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.CsvTables;
import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * What the study takes from a NUMAProfiler run (Table 4 and OA of Table 2): the shared read and write shares of all
 * profiled accesses (owner = last writer) and each thread's accesses, by name; and what those figures rest on (the
 * sampling, the unknown-owner share, the side table's refusals) for the verdict's evidence.
 *
 * @param sampling          one access in this many was profiled (counts scaled back)
 * @param unknownOwnerPct   share of accesses whose object had no known owner
 * @param sideTableRefusals objects the side table refused (full)
 */
public record ProfileSummary(double sharedReadPct, double sharedWritePct, long accesses, Map<String, Double> accessesByThread,
        int sampling, double unknownOwnerPct, long sideTableRefusals) {

    public static ProfileSummary read(Path profileDir) throws IOException {
        JsonNode summary = JsonFiles.mapper().readTree(profileDir.resolve("summary.json").toFile());
        JsonNode totals = summary.path("totals");
        Map<String, Double> byThread = new LinkedHashMap<>();
        try (Reader in = Files.newBufferedReader(profileDir.resolve("threads.csv"));
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            for (CSVRecord r : p) {
                byThread.merge(r.get("name"), Double.parseDouble(r.get("reads")) + Double.parseDouble(r.get("writes")), Double::sum);
            }
        }
        return new ProfileSummary(totals.path("shared_read_pct").asDouble(Double.NaN),
                totals.path("shared_write_pct").asDouble(Double.NaN), totals.path("accesses").asLong(), byThread,
                Math.max(1, summary.path("configuration").path("NUMAProfilerSampling").asInt(1)),
                totals.path("unknown_owner_pct").asDouble(Double.NaN),
                summary.path("side_table").path("refused_objects_table_full").asLong(0));
    }
}
