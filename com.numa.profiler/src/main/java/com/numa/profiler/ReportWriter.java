package com.numa.profiler;

import com.numa.perfutil.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

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

    static String csv(String s) {
        return s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    static String threads(ProfileReport r) {
        StringBuilder sb = new StringBuilder("thread_key,name,tid,java_id,role,daemon,object_allocations,object_bytes,"
                + "array_allocations,array_bytes,reads,writes,shared_reads,shared_writes,unknown_owner_reads,"
                + "unknown_owner_writes,predicted_remote,side_table_accesses\n");
        for (ProfileReport.ThreadRow row : r.threads) {
            ProfiledThread t = row.thread();
            sb.append(t.key).append(',').append(csv(t.name)).append(',').append(t.tid).append(',').append(t.javaId)
                    .append(',').append(t.role.label()).append(',').append(t.daemon).append(',').append(t.objectAllocations)
                    .append(',').append(t.objectBytes).append(',').append(t.arrayAllocations).append(',').append(t.arrayBytes)
                    .append(',').append(t.reads).append(',').append(t.writes).append(',').append(t.sharedReads).append(',')
                    .append(t.sharedWrites).append(',').append(t.unknownOwnerReads).append(',').append(t.unknownOwnerWrites)
                    .append(',').append(t.predictedRemote).append(',').append(t.sideTableAccesses).append('\n');
        }
        return sb.toString();
    }

    /** Rows: accessing thread; columns: owning thread key (owner_0 = unknown owner), as Maxine printed it. */
    static String matrix(ProfileReport r) {
        StringBuilder sb = new StringBuilder("accessor_key,accessor_name");
        for (int k = 0; k <= r.maxOwnerKey; k++) {
            sb.append(",owner_").append(k);
        }
        sb.append('\n');
        for (ProfileReport.ThreadRow row : r.threads) {
            sb.append(row.thread().key).append(',').append(csv(row.thread().name));
            for (int k = 0; k <= r.maxOwnerKey; k++) {
                sb.append(',').append(k < row.byOwner().length ? row.byOwner()[k] : 0);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static void counts(StringBuilder sb, SiteCounters c) {
        sb.append(',').append(c.allocations).append(',').append(c.allocatedBytes).append(',').append(c.reads).append(',')
                .append(c.writes).append(',').append(c.sharedReads).append(',').append(c.sharedWrites).append(',')
                .append(c.predictedRemote).append(',').append(c.readsAfterLastWrite()).append('\n');
    }

    private static final String COUNT_COLUMNS = "allocations,allocated_bytes,reads,writes,shared_reads,shared_writes,"
            + "predicted_remote,shared_reads_after_last_write\n";

    String sites(ProfileReport r) {
        StringBuilder sb = new StringBuilder("site_id,class,method,line,type," + COUNT_COLUMNS);
        int n = 0;
        for (ProfileReport.SiteRow row : r.sites) {
            if (n++ == top) {
                break;
            }
            AllocationSite s = row.site();
            sb.append(s.id()).append(',').append(csv(s.className())).append(',').append(csv(s.method())).append(',')
                    .append(s.line()).append(',').append(csv(s.type()));
            counts(sb, row.counts());
        }
        return sb.toString();
    }

    String types(ProfileReport r) {
        StringBuilder sb = new StringBuilder("type,sites," + COUNT_COLUMNS);
        int n = 0;
        for (ProfileReport.TypeRow row : r.types) {
            if (n++ == top) {
                break;
            }
            sb.append(csv(row.type())).append(',').append(row.sites());
            counts(sb, row.counts());
        }
        return sb.toString();
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
