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
 * profiled accesses (owner = last writer) and each thread's accesses, by name, without its accesses to the JDK's lock
 * and wait machinery (the profiler's {@code synchronizer_accesses}: they grow with waiting, not with work); and the evidence they rest on: how many
 * accesses were profiled, the share of unknown owner, the objects the side table refused, the sampling and what was
 * covered (docs/profiling-coverage.md).
 *
 * @param unknownOwnerPct     accesses to objects of unknown owner (made before the agent, or refused by the side table)
 * @param sideTableRefusals   objects the side table refused because it was full (their accesses have unknown owner)
 * @param samplingOneIn       one access in N was counted (and the counts scaled by N)
 * @param primitivesProfiled  primitive fields and array elements were profiled, not only references
 * @param jdkClassesProfiled  the loaded JDK classes retransformed at start (e.g. "java.util.*,java.util.concurrent.**"),
 *                            empty when the JDK's collections, locks and atomics were not seen
 * @param hiddenByIntrinsics  JDK methods that ran as C2 intrinsics, unseen once compiled; empty when none
 * @param virtualThreads      virtual threads among the profiled threads (threads.csv's {@code virtual})
 */
public record ProfileSummary(double sharedReadPct, double sharedWritePct, long accesses, Map<String, Double> accessesByThread,
        double unknownOwnerPct, long sideTableRefusals, int samplingOneIn, boolean primitivesProfiled,
        String jdkClassesProfiled, String hiddenByIntrinsics, int virtualThreads) {

    /**
     * Each thread's accesses as a measure of its work, for the object-access imbalance (OA) over the threads PerfUtil
     * measured; empty when virtual threads ran: a virtual thread moves between carriers whenever it blocks, so its
     * accesses cannot be put on the carrier that did them, and OA over carriers would read the carriers' own few.
     */
    public Map<String, Double> workByThread() {
        return virtualThreads > 0 ? Map.of() : accessesByThread;
    }

    public static ProfileSummary read(Path profileDir) throws IOException {
        JsonNode summary = JsonFiles.mapper().readTree(profileDir.resolve("summary.json").toFile());
        JsonNode totals = summary.path("totals");
        JsonNode coverage = summary.path("coverage");
        Map<String, Double> byThread = new LinkedHashMap<>();
        int virtualThreads = 0;
        try (Reader in = Files.newBufferedReader(profileDir.resolve("threads.csv"));
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            for (CSVRecord r : p) {
                if (r.isMapped("virtual") && Boolean.parseBoolean(r.get("virtual"))) {
                    virtualThreads++;
                }
                // lock and wait machinery counts waiting, not work: left out of OA (profiles before the column kept it)
                double waiting = r.isMapped("synchronizer_accesses") ? Double.parseDouble(r.get("synchronizer_accesses")) : 0;
                byThread.merge(r.get("name"), Double.parseDouble(r.get("reads")) + Double.parseDouble(r.get("writes"))
                        - waiting, Double::sum);
            }
        }
        return new ProfileSummary(totals.path("shared_read_pct").asDouble(Double.NaN),
                totals.path("shared_write_pct").asDouble(Double.NaN), totals.path("accesses").asLong(), byThread,
                totals.path("unknown_owner_pct").asDouble(Double.NaN),
                summary.path("side_table").path("refused_objects_table_full").asLong(),
                coverage.path("sampling_one_in").asInt(1), coverage.path("primitives_profiled").asBoolean(false),
                coverage.path("jdk_classes_retransformed").asText(""), coverage.path("hidden_by_intrinsics").asText(""),
                virtualThreads);
    }
}
