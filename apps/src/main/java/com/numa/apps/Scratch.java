package com.numa.apps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A driver's temporary directory for its generated input and the program's files; deleted on close, so repeated runs
 * (corpus tests, characterization) leave nothing behind.
 */
final class Scratch implements AutoCloseable {
    private final Path dir;

    Scratch(String application) {
        try {
            dir = Files.createTempDirectory("numa-app-" + application);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path dir() {
        return dir;
    }

    /** A new empty directory under this one. */
    Path fresh(String name) {
        Path p = dir.resolve(name);
        delete(p);
        try {
            return Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> all = Files.walk(p)) {
            all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        delete(dir);
    }
}
