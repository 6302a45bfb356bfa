package com.numa.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void writesTheWholeContentAndCreatesTheDirectory() throws IOException {
        Path target = dir.resolve("sub/out.csv");
        AtomicFiles.write(target, w -> {
            w.write("a,b\n");
            w.write("1,2\n");
        });
        assertEquals("a,b\n1,2\n", Files.readString(target));
        AtomicFiles.writeString(target, "replaced\n");
        assertEquals("replaced\n", Files.readString(target));
        assertEquals(List.of(target), entries(target.getParent()));
    }

    @Test
    void contentThatClosesTheWriterStillLandsWholeAndBinaryFilesToo() throws IOException {
        Path target = dir.resolve("closed.csv");
        AtomicFiles.write(target, w -> {
            try (w) {
                w.write("x\n");
            }
        });
        assertEquals("x\n", Files.readString(target));
        Path png = dir.resolve("img/a.png");
        AtomicFiles.writeBytes(png, new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        assertEquals(4, Files.size(png));
        assertEquals(List.of(png), entries(png.getParent()));
    }

    @Test
    void aFailedWriteKeepsThePreviousVersionAndLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("out.csv");
        AtomicFiles.writeString(target, "previous\n");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(target, w -> {
            w.write("half a fi");
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals("previous\n", Files.readString(target));
        assertEquals(List.of(target), entries(dir));
    }

    @Test
    void theFileGetsTheUmasksModeLikeAnyNewFileNotTheTempFileMode() throws IOException {
        Path plain = Files.createFile(dir.resolve("plain"));
        Path target = dir.resolve("atomic");
        AtomicFiles.writeString(target, "x");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(target));
    }

    private static List<Path> entries(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.sorted().toList();
        }
    }
}
