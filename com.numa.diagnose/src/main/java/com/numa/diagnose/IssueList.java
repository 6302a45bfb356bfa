package com.numa.diagnose;

import com.numa.core.io.CsvTables;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * issues.csv read back (the profiler writes it; columns in com.numa.profiler.sharing.SharingDiagnosis.COLUMNS), by
 * {@code numa diagnose} and {@code numa diff}.
 */
public final class IssueList {
    private IssueList() {
    }

    /** The rows, in rank order, as column → value. */
    public static List<Map<String, String>> read(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            List<Map<String, String>> rows = new ArrayList<>();
            for (CSVRecord r : p) {
                rows.add(r.toMap());
            }
            return rows;
        }
    }

    /** The first {@code top} issues as the command prints them. */
    static String format(List<Map<String, String>> rows, int top) {
        StringBuilder sb = new StringBuilder();
        for (Map<String, String> r : rows.subList(0, Math.min(top, rows.size()))) {
            sb.append(String.format("%3s. %-22s %s %s", r.get("rank"), r.get("kind"), r.get("score"), r.get("score_unit")));
            String where = r.get("site");
            if (!where.isEmpty()) {
                sb.append(" at ").append(where);
            }
            sb.append('\n');
            line(sb, "type", r.get("type"));
            line(sb, "fields", r.get("fields"));
            line(sb, "threads", r.get("threads"));
            line(sb, "advice", r.get("advice"));
            line(sb, "evidence", r.get("evidence"));
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String label, String value) {
        if (value != null && !value.isEmpty()) {
            sb.append(String.format("       %-9s %s%n", label + ":", value));
        }
    }
}
