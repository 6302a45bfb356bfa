package com.numa.junit;

import com.numa.core.io.CsvTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** One test class's profile summary: a row per test (written by {@link ProfileSummaryListener}). */
final class ClassSummary {
    /** The columns of {@code junit/<class>.csv}, in order. */
    static final List<String> COLUMNS = List.of("test", "status", "window_ms", "threads", "accesses", "shared_reads",
            "shared_writes", "shared_write_pct", "most_shared_site", "issues", "first_issue");

    /** One test's row. */
    record Row(String test, String status, NumaProfile.Counts counts) {
    }

    private ClassSummary() {
    }

    static void write(Path target, List<Row> rows) throws IOException {
        Files.createDirectories(target.getParent());
        List<List<Object>> records = new ArrayList<>();
        for (Row r : rows) {
            NumaProfile.Counts c = r.counts();
            NumaProfile p = new NumaProfile(r.test());
            p.readFrom(() -> c);
            String site = c.sites().stream().filter(s -> s.sharedReads() + s.sharedWrites() > 0)
                    .max(Comparator.comparingLong(s -> s.sharedReads() + s.sharedWrites()))
                    .map(s -> s.site() + " (" + s.type() + ")").orElse("");
            String issue = c.issues().isEmpty() ? "" : c.issues().get(0).describe();
            records.add(List.of(r.test(), r.status(), String.format(Locale.ROOT, "%.3f", c.nanos() / 1e6),
                    c.threads().size(), p.accesses(), p.sharedReads(), p.sharedWrites(),
                    String.format(Locale.ROOT, "%.3f", p.sharedWritePct()), site, c.issues().size(), issue));
        }
        CsvTables.write(target, COLUMNS, records);
    }
}
