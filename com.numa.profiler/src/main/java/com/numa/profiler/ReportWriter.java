package com.numa.profiler;

import com.numa.perfutil.io.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes threads.csv, access_matrix.csv, sites.csv, types.csv and summary.json, each atomically (temporary file in
 * the same directory, then an atomic move), so a reader never sees half a file even if a dump races the exit.
 */
final class ReportWriter {
    private final Path dir;
    private final int top;

    ReportWriter(Path dir, int top) {
        this.dir = dir;
        this.top = top;
    }

    void write(ProfileReport r, Map<String, Object> configuration, Map<String, Object> extra) throws IOException {
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

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    /** Prints the records of one table. */
    @FunctionalInterface
    private interface Records {
        void print(CSVPrinter out) throws IOException;
    }

    /** One CSV table as text: the header row, then the records (quoted by Commons CSV where a value needs it). */
    private static String table(List<String> header, Records records) {
        StringBuilder sb = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(sb, FORMAT.builder().setHeader(header.toArray(String[]::new)).get())) {
            records.print(out);
        } catch (IOException e) {
            throw new UncheckedIOException("appending to a StringBuilder cannot fail", e);
        }
        return sb.toString();
    }

    static String threads(ProfileReport r) {
        return table(List.of("thread_key", "name", "tid", "java_id", "role", "daemon", "object_allocations",
                "object_bytes", "array_allocations", "array_bytes", "reads", "writes", "shared_reads", "shared_writes",
                "unknown_owner_reads", "unknown_owner_writes", "predicted_remote", "side_table_accesses"), out -> {
                    for (ProfileReport.ThreadRow row : r.threads) {
                        ProfiledThread t = row.thread();
                        out.printRecord(t.key, t.name, t.tid, t.javaId, t.role.label(), t.daemon, t.objectAllocations,
                                t.objectBytes, t.arrayAllocations, t.arrayBytes, t.reads, t.writes, t.sharedReads,
                                t.sharedWrites, t.unknownOwnerReads, t.unknownOwnerWrites, t.predictedRemote,
                                t.sideTableAccesses);
                    }
                });
    }

    /** Rows: accessing thread; columns: owning thread key (owner_0 = unknown owner), as Maxine printed it. */
    static String matrix(ProfileReport r) {
        List<String> header = new ArrayList<>(List.of("accessor_key", "accessor_name"));
        for (int k = 0; k <= r.maxOwnerKey; k++) {
            header.add("owner_" + k);
        }
        return table(header, out -> {
            for (ProfileReport.ThreadRow row : r.threads) {
                List<Object> record = new ArrayList<>(Arrays.asList(row.thread().key, row.thread().name));
                for (int k = 0; k <= r.maxOwnerKey; k++) {
                    record.add(k < row.byOwner().length ? row.byOwner()[k] : 0);
                }
                out.printRecord(record);
            }
        });
    }

    private static final List<String> COUNT_COLUMNS = List.of("allocations", "allocated_bytes", "reads", "writes",
            "shared_reads", "shared_writes", "predicted_remote", "shared_reads_after_last_write");

    /** A record: the row's own columns followed by its counts, in COUNT_COLUMNS order. */
    private static List<Object> withCounts(List<Object> columns, SiteCounters c) {
        List<Object> record = new ArrayList<>(columns);
        record.addAll(Arrays.asList(c.allocations, c.allocatedBytes, c.reads, c.writes, c.sharedReads, c.sharedWrites,
                c.predictedRemote, c.readsAfterLastWrite()));
        return record;
    }

    private static List<String> withCountColumns(String... columns) {
        List<String> header = new ArrayList<>(List.of(columns));
        header.addAll(COUNT_COLUMNS);
        return header;
    }

    String sites(ProfileReport r) {
        return table(withCountColumns("site_id", "class", "method", "line", "type"), out -> {
            for (ProfileReport.SiteRow row : r.sites.subList(0, Math.min(top, r.sites.size()))) {
                AllocationSite s = row.site();
                out.printRecord(withCounts(Arrays.asList(s.id(), s.className(), s.method(), s.line(), s.type()), row.counts()));
            }
        });
    }

    String types(ProfileReport r) {
        return table(withCountColumns("type", "sites"), out -> {
            for (ProfileReport.TypeRow row : r.types.subList(0, Math.min(top, r.types.size()))) {
                out.printRecord(withCounts(Arrays.asList(row.type(), row.sites()), row.counts()));
            }
        });
    }

    static String summary(ProfileReport r, Map<String, Object> configuration, Map<String, Object> extra) {
        StringBuilder sb = new StringBuilder("{\n  \"configuration\": ");
        json(sb, configuration, "  ");
        sb.append(",\n  \"totals\": {\n");
        long acc = r.accesses();
        Object[][] totals = {
            {"accesses", acc}, {"reads", r.reads}, {"writes", r.writes}, {"shared_reads", r.sharedReads},
            {"shared_writes", r.sharedWrites}, {"unknown_owner_accesses", r.unknownOwner},
            {"predicted_remote", r.predictedRemote}, {"side_table_accesses", r.sideTableAccesses},
            {"object_allocations", r.objectAllocations}, {"object_bytes", r.objectBytes},
            {"array_allocations", r.arrayAllocations}, {"array_bytes", r.arrayBytes}, {"threads", r.threads.size()},
            {"shared_read_pct", ProfileReport.pct(r.sharedReads, acc)},
            {"shared_write_pct", ProfileReport.pct(r.sharedWrites, acc)},
            {"unknown_owner_pct", ProfileReport.pct(r.unknownOwner, acc)},
            {"predicted_remote_pct", ProfileReport.pct(r.predictedRemote, acc)},
            {"side_table_access_pct", ProfileReport.pct(r.sideTableAccesses, acc)}};
        for (int i = 0; i < totals.length; i++) {
            sb.append("    \"").append(totals[i][0]).append("\": ").append(value(totals[i][1]))
                    .append(i + 1 < totals.length ? ",\n" : "\n");
        }
        sb.append("  }");
        for (Map.Entry<String, Object> e : extra.entrySet()) {
            sb.append(",\n  \"").append(e.getKey()).append("\": ");
            if (e.getValue() instanceof Map<?, ?> m) {
                json(sb, m, "  ");
            } else {
                sb.append(value(e.getValue()));
            }
        }
        return sb.append("\n}\n").toString();
    }

    private static void json(StringBuilder sb, Map<?, ?> m, String indent) {
        sb.append("{");
        int i = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            sb.append(i++ == 0 ? "\n" : ",\n").append(indent).append("  ").append(value(String.valueOf(e.getKey()))).append(": ");
            if (e.getValue() instanceof Map<?, ?> inner) {
                json(sb, inner, indent + "  ");
            } else {
                sb.append(value(e.getValue()));
            }
        }
        sb.append(i == 0 ? "}" : "\n" + indent + "}");
    }

    static String value(Object v) {
        if (v instanceof Double d) {
            return String.format(Locale.ROOT, "%.4f", d);
        }
        if (v instanceof Number || v instanceof Boolean) {
            return String.valueOf(v);
        }
        StringBuilder sb = new StringBuilder("\"");
        for (char c : String.valueOf(v).toCharArray()) {
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\n': sb.append("\\n"); break;
                case '\t': sb.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.append('"').toString();
    }

    /** The exit summary for stderr: the Table 4 figures and the top shared sites. */
    static String stderrSummary(ProfileReport r, int topSites, boolean sampled) {
        long acc = r.accesses();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "[NUMAProfiler] %d accesses%s: shared reads %.2f%%, shared writes %.2f%%, unknown owner %.2f%%, "
                        + "predicted remote %.2f%%, via side table %.2f%%; %d objects, %d arrays allocated%n",
                acc, sampled ? " (sampled, scaled)" : "", ProfileReport.pct(r.sharedReads, acc),
                ProfileReport.pct(r.sharedWrites, acc), ProfileReport.pct(r.unknownOwner, acc),
                ProfileReport.pct(r.predictedRemote, acc), ProfileReport.pct(r.sideTableAccesses, acc),
                r.objectAllocations, r.arrayAllocations));
        for (ProfileReport.SiteRow row : r.topSharedSites(topSites)) {
            sb.append(String.format(Locale.ROOT, "[NUMAProfiler]   %-60s %-30s shared reads %d, shared writes %d%n",
                    row.site().label(), row.site().type(), row.counts().sharedReads, row.counts().sharedWrites));
        }
        return sb.toString();
    }
}
