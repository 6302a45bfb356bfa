package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a server without the font libraries (a bare container, a minimal VM), Java's font stack fails on the first text
 * a chart measures. The commands that draw charts must still write every table and report, say once why the figures
 * are missing and how to fix it, and exit 0. The JDK here is the running one with its font library left out: its files
 * are links to the real ones, except the launcher and libjvm.so, copied so that the JVM finds its libraries there.
 */
class ReportsWithoutFontsEndToEndIT {
    @TempDir
    static Path tmp;
    private static Path jdk;

    @BeforeAll
    static void jdkWithoutFonts() throws IOException {
        Path real = Path.of(System.getProperty("java.home"));
        jdk = tmp.resolve("jdk-without-fonts");
        mirror(real, jdk);
        Path fontLibrary = jdk.resolve("lib/libfontmanager.so");
        assertTrue(Files.deleteIfExists(fontLibrary), "the JDK has a font library to leave out: " + fontLibrary);
    }

    /** Links to {@code from}'s files, except the executables in bin and the JVM library, which are copied. */
    private static void mirror(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> entries = Files.list(from)) {
            for (Path e : entries.toList()) {
                Path target = to.resolve(e.getFileName().toString());
                String name = from.relativize(e).toString();
                boolean copied = from.getFileName().toString().equals("bin") || name.startsWith("libjvm.so");
                if (Files.isDirectory(e) && (name.equals("bin") || name.equals("lib") || name.equals("server"))) {
                    mirror(e, target);
                } else if (copied) {
                    Files.copy(e, target, StandardCopyOption.COPY_ATTRIBUTES);
                } else {
                    Files.createSymbolicLink(target, e);
                }
            }
        }
    }

    private NumaCommand.Result numa(String... args) throws Exception {
        return NumaCommand.run(tmp, args[0], jdk, Duration.ofSeconds(300), args);
    }

    private static void assertSaysWhyOnce(String text, String where) {
        int first = text.indexOf("figures not drawn: Java's font and graphics stack did not load");
        assertTrue(first >= 0, where + ": " + text);
        assertEquals(-1, text.indexOf("figures not drawn", first + 1), "once: " + where);
        assertTrue(text.contains("fontmanager"), "names the missing library: " + text);
        assertTrue(text.contains("apt-get install libfreetype6"), "and the fix: " + text);
    }

    @Test
    void gcReplayWritesItsTableAndAPageThatSaysWhy() throws Exception {
        Path out = tmp.resolve("gc");
        NumaCommand.Result r = numa("gc-replay", "--synthetic", "jbb", "--topology", "2", "--transactions", "200", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertSaysWhyOnce(r.err(), "stderr");
        assertTrue(Files.readAllLines(out.resolve("replay.csv")).size() > 1, "every policy's row");
        String html = Files.readString(out.resolve("replay.html"));
        assertSaysWhyOnce(html, "replay.html");
        assertFalse(html.contains("data:image/png"), "no broken image");
    }

    @Test
    void characterizeWritesEveryTableAndReportWithoutFigures() throws Exception {
        Path out = tmp.resolve("ch");
        NumaCommand.Result r = numa("characterize", "--suite", "builtin", "--quick", "--warmup", "0", "--iterations", "1", "--bench",
                "parallel-walk", "--configs", "single,all", "--no-profile", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertSaysWhyOnce(r.err(), "stderr");
        assertTrue(r.err().contains("parallel-walk: "), "the verdict line is printed: " + r.err());
        for (String f : List.of("categories.csv", "table2_parallelism.csv", "table6_scaling.csv", "characterization.json")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        assertSaysWhyOnce(Files.readString(out.resolve("report.md")), "report.md");
        assertSaysWhyOnce(Files.readString(out.resolve("report.html")), "report.html");
        assertFalse(Files.exists(out.resolve("figures")), "no figure written");
    }
}
