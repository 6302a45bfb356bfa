package com.numa.core.io;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Files the user asked for, written whole or not at all: the content goes to a temporary file in the target's
 * directory, which then replaces the target with an atomic rename, so a reader never sees half a file and a failed
 * write leaves the previous version in place.
 */
public final class AtomicFiles {
    private static final AtomicLong SEQUENCE = new AtomicLong();

    /** Produces the content; may throw, in which case the target is left untouched. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    private AtomicFiles() {
    }

    /** Produces binary content; may throw, in which case the target is left untouched. */
    @FunctionalInterface
    public interface BinaryContent {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Replaces {@code target} (creating its directory if needed) with what {@code content} writes, in UTF-8. */
    public static void write(Path target, Content content) throws IOException {
        writeBytes(target, stream -> {
            // content may close the writer (a CSVPrinter in try-with-resources does): that only flushes here, the
            // file is closed and renamed by writeBytes
            Writer out = new FilterWriter(new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8))) {
                @Override
                public void close() throws IOException {
                    flush();
                }
            };
            content.writeTo(out);
            out.flush();
        });
    }

    /** Replaces {@code target} with {@code bytes} (an image, for instance). */
    public static void writeBytes(Path target, byte[] bytes) throws IOException {
        writeBytes(target, stream -> stream.write(bytes));
    }

    /** Replaces {@code target} (creating its directory if needed) with the bytes {@code content} writes. */
    public static void writeBytes(Path target, BinaryContent content) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        // Not Files.createTempFile: its 0600 mode would end up on the user's file; this one gets the umask's mode.
        // Pid and sequence keep concurrent writers (an interval dump racing the exit hook) apart.
        Path tmp = dir.resolve("." + absolute.getFileName() + "." + ProcessHandle.current().pid() + "."
                + SEQUENCE.incrementAndGet() + ".tmp");
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE), 1 << 16)) {
                content.writeTo(out);
            }
            Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A file written over a long time (a log appended to while the JVM runs): the content goes to
     * {@code <target><suffix>} beside the target, and {@link #commit()} renames it atomically onto the target, so the
     * named file is always complete.
     */
    public static final class Draft {
        private final Path target;
        private final Path draft;
        private final Writer out;

        private Draft(Path target, String suffix) throws IOException {
            this.target = target.toAbsolutePath();
            this.draft = this.target.resolveSibling(this.target.getFileName() + suffix);
            Files.createDirectories(this.target.getParent()); // as write() does: a %p path's directory may be new
            this.out = Files.newBufferedWriter(draft, StandardCharsets.UTF_8);
        }

        /** Where to append the content. */
        public Writer writer() {
            return out;
        }

        /** Closes the draft and puts it in place of the target. */
        public void commit() throws IOException {
            out.close();
            Files.move(draft, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Starts a {@link Draft} of {@code target} in {@code <target><suffix>}. */
    public static Draft draft(Path target, String suffix) throws IOException {
        return new Draft(target, suffix);
    }

    /** Replaces {@code target} with {@code text}, in UTF-8. */
    public static void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text));
    }
}
