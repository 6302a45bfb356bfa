package com.numa.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelFilesTest {

    @Test
    void readsWhatFilesReadsFromProc() throws IOException {
        Path meminfo = Path.of("/proc/meminfo");
        String ours = KernelFiles.read(meminfo);
        assertTrue(ours.startsWith("MemTotal:"), ours);
        // /proc/self/status changes between reads (memory figures), its first line does not
        Path status = Path.of("/proc/self/status");
        assertEquals(Files.readAllLines(status).get(0), KernelFiles.lines(status).get(0));
    }

    @Test
    void linesWithoutTerminatorsAndBadBytesReplaced(@TempDir Path dir) throws IOException {
        Path f = Files.write(dir.resolve("stat"), new byte[] {'a', ' ', (byte) 0xE2, (byte) 0x82, '\n', 'b', '\n'});
        List<String> lines = KernelFiles.lines(f);
        assertEquals(2, lines.size());
        assertEquals("a \uFFFD", lines.get(0)); // a character cut in its middle, as in a truncated thread name
        assertEquals("b", lines.get(1));
    }

    @Test
    void fieldsAreWhatTheRegexSplitGave() throws IOException {
        // every line of files the agent splits, and the edge cases of the kernel's spacing
        List<String> lines = new java.util.ArrayList<>(KernelFiles.lines(Path.of("/proc/stat")));
        lines.addAll(KernelFiles.lines(Path.of("/proc/self/maps")));
        lines.add(KernelFiles.read(Path.of("/proc/self/stat")));
        lines.addAll(List.of("10 20", "  10\t 20  ", "\u000B10\f20\r", "x", "cpu0 1 2 3 4 5 6 7 8 9 10"));
        for (String line : lines) {
            assertEquals(List.of(line.trim().split("\\s+")), List.of(KernelFiles.fields(line)), line);
        }
        assertEquals(0, KernelFiles.fields("").length);
        assertEquals(0, KernelFiles.fields(" \t ").length);
    }

    @Test
    void aMissingFileIsAnIOException(@TempDir Path dir) {
        assertThrows(IOException.class, () -> KernelFiles.read(dir.resolve("task/123/stat")));
    }
}
