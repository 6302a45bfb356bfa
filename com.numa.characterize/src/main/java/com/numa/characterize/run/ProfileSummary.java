package com.numa.characterize.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.classification.SharedObject;
import com.numa.core.io.CsvTables;
import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 * @param sharedObjects       the allocation sites the profiler ranked first (sites.csv, {@code -XX:NUMAProfilerTop}) that
 *                            had shared accesses, for the advice ({@link com.numa.core.classification.SharingAdvice})
 */
public record ProfileSummary(double sharedReadPct, double sharedWritePct, long accesses, Map<String, Double> accessesByThread,
        double unknownOwnerPct, long sideTableRefusals, int samplingOneIn, boolean primitivesProfiled,
        String jdkClassesProfiled, String hiddenByIntrinsics, int virtualThreads, List<SharedObject> sharedObjects) {

    public ProfileSummary {
        sharedObjects = List.copyOf(sharedObjects);
    }

    /** A summary without its sites (one merged over many JVMs: a site is one JVM's). */
    public ProfileSummary(double sharedReadPct, double sharedWritePct, long accesses, Map<String, Double> accessesByThread,
            double unknownOwnerPct, long sideTableRefusals, int samplingOneIn, boolean primitivesProfiled,
            String jdkClassesProfiled, String hiddenByIntrinsics, int virtualThreads) {
        this(sharedReadPct, sharedWritePct, accesses, accessesByThread, unknownOwnerPct, sideTableRefusals, samplingOneIn,
                primitivesProfiled, jdkClassesProfiled, hiddenByIntrinsics, virtualThreads, List.of());
    }

    /**
     * All the profile's shared writes (Read &amp; Write Dependencies) or shared reads (otherwise), as scaled counts: the
     * whole of which an object's share is a part.
     */
    public double sharedAccesses(boolean writes) {
        return (writes ? sharedWritePct : sharedReadPct) / 100 * accesses;
    }

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
                virtualThreads, sharedObjects(profileDir.resolve("sites.csv")));
    }

    /** The sites of sites.csv with shared accesses, each with its sharing threads, most sharing first. */
    static List<SharedObject> sharedObjects(Path sitesCsv) throws IOException {
        List<SharedObject> out = new ArrayList<>();
        if (!Files.isRegularFile(sitesCsv)) {
            return out;
        }
        try (Reader in = Files.newBufferedReader(sitesCsv);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            for (CSVRecord r : p) {
                long reads = Long.parseLong(r.get("shared_reads"));
                long writes = Long.parseLong(r.get("shared_writes"));
                if (reads + writes > 0) {
                    out.add(new SharedObject(r.get("type"), r.get("class") + "." + r.get("method") + ":" + r.get("line"),
                            reads, writes, Long.parseLong(r.get("shared_reads_after_last_write")),
                            sharingThreads(r.get("sharing_threads"))));
                }
            }
        }
        return out;
    }

    /** "a<->b:40;a<->c:2" as the threads in it, by the accesses they shared, most first. */
    static List<String> sharingThreads(String pairs) {
        Map<String, Long> byThread = new LinkedHashMap<>();
        for (String pair : pairs.split(";")) {
            int colon = pair.lastIndexOf(':');
            int arrow = pair.indexOf("<->");
            if (colon < 0 || arrow < 0) {
                continue;
            }
            long n = Long.parseLong(pair.substring(colon + 1).strip());
            byThread.merge(pair.substring(0, arrow), n, Long::sum);
            byThread.merge(pair.substring(arrow + 3, colon), n, Long::sum);
        }
        return byThread.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(Map.Entry::getKey).toList();
    }
}
