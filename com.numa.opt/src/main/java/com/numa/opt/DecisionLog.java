package com.numa.opt;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The -XX:NUMAOptsLog CSV: a header, one {@link IntervalRecord} per interval, and at exit one line starting with
 * {@code # summary}. While the JVM runs, rows are appended to {@code <file>.partial} (flushed at most once a second,
 * constant cost per row however long the run); at exit that file gets the summary and is renamed atomically onto
 * {@code <file>}, so the named file is always complete. A JVM killed with SIGKILL leaves only the .partial file.
 */
final class DecisionLog {
    private static final long FLUSH_NS = 1_000_000_000L;
    private final Path file;
    private final Path partial;
    private final BufferedWriter out;
    private long lastFlush;

    DecisionLog(Path file) throws IOException {
        this.file = file.toAbsolutePath();
        this.partial = this.file.resolveSibling(this.file.getFileName() + ".partial");
        this.out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8);
        out.write(IntervalRecord.HEADER);
        out.newLine();
    }

    void add(IntervalRecord r) throws IOException {
        out.write(r.csv());
        out.newLine();
        long now = System.nanoTime();
        if (now - lastFlush >= FLUSH_NS) {
            out.flush();
            lastFlush = now;
        }
    }

    void close(String summary) throws IOException {
        out.write("# summary," + summary);
        out.newLine();
        out.close();
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
