package com.numa.opt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The -XX:NUMAOptsLog CSV: a header, one {@link IntervalRecord} per interval, and at exit one line starting with
 * {@code # summary}. The file is replaced atomically (temporary file + rename) at most once a second and at close, so a
 * reader never sees a torn file.
 */
final class DecisionLog {
    private static final long FLUSH_NS = 1_000_000_000L;
    private final Path file;
    private final StringBuilder rows = new StringBuilder(IntervalRecord.HEADER).append('\n');
    private long lastFlush;

    DecisionLog(Path file) {
        this.file = file;
    }

    void add(IntervalRecord r) throws IOException {
        rows.append(r.csv()).append('\n');
        long now = System.nanoTime();
        if (now - lastFlush >= FLUSH_NS) {
            write(rows);
            lastFlush = now;
        }
    }

    void close(String summary) throws IOException {
        write(new StringBuilder(rows).append("# summary,").append(summary).append('\n'));
    }

    private void write(CharSequence content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, content, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
