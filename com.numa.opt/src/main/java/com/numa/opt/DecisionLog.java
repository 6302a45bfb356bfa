package com.numa.opt;

import com.numa.core.io.AtomicFiles;
import com.numa.core.io.CsvTables;
import com.numa.core.provenance.CompletionMarker;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The -XX:NUMAOptsLog CSV: a header, one {@link IntervalRecord} per interval, and at exit one line starting with
 * {@code # summary}. While the JVM runs, rows are appended to {@code <file>.partial} (flushed at most once a second,
 * constant cost per row however long the run); at exit that file gets the summary and is renamed atomically onto
 * {@code <file>} ({@link AtomicFiles.Draft}), so the named file is always complete. A JVM killed with SIGKILL leaves
 * only the .partial file. After the rename, {@code <file>.complete} marks it whole ({@link CompletionMarker}).
 */
final class DecisionLog {
    private static final long FLUSH_NS = 1_000_000_000L;
    private final Path file;
    private final AtomicFiles.Draft draft;
    private long lastFlush;

    DecisionLog(Path file) throws IOException {
        this.file = file;
        CompletionMarker.clear(file); // an earlier run's
        this.draft = AtomicFiles.draft(file, ".partial");
        draft.writer().write(CsvTables.table(IntervalRecord.HEADER, out -> { }));
    }

    void add(IntervalRecord r) throws IOException {
        draft.writer().write(CsvTables.rows(out -> out.printRecord(r.fields())));
        long now = System.nanoTime();
        if (now - lastFlush >= FLUSH_NS) {
            draft.writer().flush();
            lastFlush = now;
        }
    }

    void close(String summary) throws IOException {
        draft.writer().write("# summary," + summary + "\n");
        draft.commit();
        CompletionMarker.write(file, "NUMAOpts");
    }
}
