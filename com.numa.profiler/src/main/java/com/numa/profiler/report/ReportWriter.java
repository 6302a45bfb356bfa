package com.numa.profiler.report;

import com.numa.core.io.AtomicFiles;
import com.numa.core.io.CsvTables;
import com.numa.core.io.JsonFiles;
import com.numa.profiler.tracking.AllocationSite;
import com.numa.profiler.tracking.OwnerCounts;
import com.numa.profiler.tracking.ProfiledThread;
import com.numa.profiler.tracking.SiteCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes threads.csv, access_matrix.csv, sites.csv, types.csv and summary.json, each atomically (temporary file in
 * the same directory, then an atomic move), so a reader never sees half a file even if a dump races the exit.
 */
public final class ReportWriter {
    private final Path dir;
    private final int top;

    public ReportWriter(Path dir, int top) {
        this.dir = dir;
        this.top = top;
    }

    public void write(ProfileReport r, Map<String, Object> configuration, Map<String, Object> extra) throws IOException {
        Files.createDirectories(dir);
        atomically("threads.csv", threads(r));
        atomically("access_matrix.csv", matrix(r));
        atomically("sites.csv", sites(r));
        atomically("types.csv", types(r));
        atomically("summary.json", summary(r, configuration, extra));
    }

    private void atomically(String name, String content) throws IOException {
        AtomicFiles.writeString(dir.resolve(name), content);
    }

    static String threads(ProfileReport r) {
        return CsvTables.table(List.of("thread_key", "name", "tid", "java_id", "role", "daemon", "object_allocations",
                "object_bytes", "array_allocations", "array_bytes", "reads", "writes", "shared_reads", "shared_writes",
                "unknown_owner_reads", "unknown_owner_writes", "predicted_remote", "side_table_accesses",
                "synchronizer_accesses", "virtual"), out -> {
                    for (ProfileReport.ThreadRow row : r.threads) {
                        ProfiledThread t = row.thread();
                        out.printRecord(t.key, t.name, t.tid, t.javaId, t.role().label(), t.daemon, t.objectAllocations,
                                t.objectBytes, t.arrayAllocations, t.arrayBytes, t.reads, t.writes, t.sharedReads,
                                t.sharedWrites, t.unknownOwnerReads, t.unknownOwnerWrites, t.predictedRemote,
                                t.sideTableAccesses, row.synchronizerAccesses(), t.virtual);
                    }
                });
    }

    /**
     * Owner columns the matrix holds at most. Up to this many thread keys it is whole, as Maxine printed it; beyond (a
     * program that starts thread after thread) a whole matrix grows as the square of the threads (5,000 threads made
     * 50 MB, 20,000 could not be written before the exit deadline), so it keeps {@code owner_0}, the owners with the
     * most accesses and an {@code owner_other} column, and only the threads that made accesses.
     */
    public static final int MATRIX_OWNERS = 256;

    /** Rows: accessing thread; columns: owning thread key (owner_0 = unknown owner), see {@link #MATRIX_OWNERS}. */
    public static String matrix(ProfileReport r) {
        boolean whole = r.maxOwnerKey < MATRIX_OWNERS;
        int[] owners = whole ? java.util.stream.IntStream.rangeClosed(0, r.maxOwnerKey).toArray()
                : busiestOwners(r, MATRIX_OWNERS - 1);
        List<String> header = new ArrayList<>(List.of("accessor_key", "accessor_name"));
        for (int k : owners) {
            header.add("owner_" + k);
        }
        if (!whole) {
            header.add("owner_other");
        }
        return CsvTables.table(header, out -> {
            for (ProfileReport.ThreadRow row : r.threads) {
                OwnerCounts byOwner = row.byOwner();
                long rest = byOwner.total();
                if (!whole && rest == 0) {
                    continue;
                }
                List<Object> record = new ArrayList<>(Arrays.asList(row.thread().key, row.thread().name));
                for (int k : owners) {
                    long n = byOwner.get(k);
                    record.add(n);
                    rest -= n;
                }
                if (!whole) {
                    record.add(rest);
                }
                out.printRecord(record);
            }
        });
    }

    /** Key 0 (unknown owner) and the {@code limit} other owners with the most accesses, in key order. */
    private static int[] busiestOwners(ProfileReport r, int limit) {
        long[] total = new long[r.maxOwnerKey + 1];
        for (ProfileReport.ThreadRow row : r.threads) {
            OwnerCounts byOwner = row.byOwner();
            for (int i = 0; i < byOwner.size(); i++) {
                total[byOwner.key(i)] += byOwner.count(i);
            }
        }
        return java.util.stream.IntStream.concat(java.util.stream.IntStream.of(0),
                java.util.stream.IntStream.rangeClosed(1, r.maxOwnerKey).filter(k -> total[k] > 0).boxed()
                        .sorted((a, b) -> Long.compare(total[b], total[a])).limit(limit).mapToInt(Integer::intValue)
                        .sorted()).toArray();
    }

    private static final List<String> COUNT_COLUMNS = List.of("allocations", "allocated_bytes", "reads", "writes",
            "shared_reads", "shared_writes", "predicted_remote", "shared_reads_after_last_write", "read_only",
            "sharing_threads");

    /** A record: the row's own columns followed by its counts, in COUNT_COLUMNS order. */
    private static List<Object> withCounts(ProfileReport r, List<Object> columns, SiteCounters c, Map<Long, Long> pairs) {
        List<Object> record = new ArrayList<>(columns);
        record.addAll(Arrays.asList(c.allocations, c.allocatedBytes, c.reads, c.writes, c.sharedReads, c.sharedWrites,
                c.predictedRemote, c.readsAfterLastWrite(), ProfileReport.readOnly(c),
                r.topPairs(pairs, ProfileReport.TOP_PAIRS)));
        return record;
    }

    private static List<String> withCountColumns(String... columns) {
        List<String> header = new ArrayList<>(List.of(columns));
        header.addAll(COUNT_COLUMNS);
        return header;
    }

    String sites(ProfileReport r) {
        return CsvTables.table(withCountColumns("site_id", "class", "method", "line", "stack", "type"), out -> {
            for (ProfileReport.SiteRow row : r.sites.subList(0, Math.min(top, r.sites.size()))) {
                AllocationSite s = row.site();
                out.printRecord(withCounts(r, Arrays.asList(s.id(), s.className(), s.method(), s.line(), s.stack(),
                        s.type()), row.counts(), row.pairs()));
            }
        });
    }

    String types(ProfileReport r) {
        return CsvTables.table(withCountColumns("type", "sites"), out -> {
            for (ProfileReport.TypeRow row : r.types.subList(0, Math.min(top, r.types.size()))) {
                out.printRecord(withCounts(r, Arrays.asList(row.type(), row.sites()), row.counts(), row.pairs()));
            }
        });
    }

    static String summary(ProfileReport r, Map<String, Object> configuration, Map<String, Object> extra) {
        long acc = r.accesses();
        Map<String, Object> totals = new LinkedHashMap<>();
        totals.put("accesses", acc);
        totals.put("reads", r.reads);
        totals.put("writes", r.writes);
        totals.put("shared_reads", r.sharedReads);
        totals.put("shared_writes", r.sharedWrites);
        totals.put("unknown_owner_accesses", r.unknownOwner);
        totals.put("predicted_remote", r.predictedRemote);
        totals.put("side_table_accesses", r.sideTableAccesses);
        totals.put("object_allocations", r.objectAllocations);
        totals.put("object_bytes", r.objectBytes);
        totals.put("array_allocations", r.arrayAllocations);
        totals.put("array_bytes", r.arrayBytes);
        totals.put("threads", r.threads.size());
        totals.put("shared_read_pct", pct(r.sharedReads, acc));
        totals.put("shared_write_pct", pct(r.sharedWrites, acc));
        totals.put("unknown_owner_pct", pct(r.unknownOwner, acc));
        totals.put("predicted_remote_pct", pct(r.predictedRemote, acc));
        totals.put("side_table_access_pct", pct(r.sideTableAccesses, acc));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("configuration", configuration);
        summary.put("totals", totals);
        summary.putAll(extra);
        return JsonFiles.toJson(summary);
    }

    private static Object pct(long part, long whole) {
        return JsonFiles.rounded(ProfileReport.pct(part, whole), 4);
    }

    /**
     * The exit summary for stderr: the Table 4 figures and the top shared sites. {@code sampled}: the accesses were
     * sampled and scaled; {@code allocationsSampled}: so were the allocation counts (sampled mode without the
     * diagnosis, which counts every allocation).
     */
    public static String stderrSummary(ProfileReport r, int topSites, boolean sampled, boolean allocationsSampled) {
        long acc = r.accesses();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "numa: NUMAProfiler: %d accesses%s: shared reads %.2f%%, shared writes %.2f%%, unknown owner %.2f%%, "
                        + "predicted remote %.2f%%, via side table %.2f%%; %d objects, %d arrays allocated%s%n",
                acc, sampled ? " (sampled, scaled)" : "", ProfileReport.pct(r.sharedReads, acc),
                ProfileReport.pct(r.sharedWrites, acc), ProfileReport.pct(r.unknownOwner, acc),
                ProfileReport.pct(r.predictedRemote, acc), ProfileReport.pct(r.sideTableAccesses, acc),
                r.objectAllocations, r.arrayAllocations, allocationsSampled ? " (sampled, scaled)" : ""));
        for (ProfileReport.SiteRow row : r.topSharedSites(topSites)) {
            String pairs = r.topPairs(row.pairs(), 1);
            sb.append(String.format(Locale.ROOT, "numa: NUMAProfiler:   %-60s %-30s shared reads %d, shared writes %d%s%s%n",
                    row.site().label(), row.site().type(), row.counts().sharedReads, row.counts().sharedWrites,
                    ProfileReport.readOnly(row.counts()) ? " (read-only)" : "",
                    pairs.isEmpty() ? "" : ", most between " + pairs));
        }
        return sb.toString();
    }
}
