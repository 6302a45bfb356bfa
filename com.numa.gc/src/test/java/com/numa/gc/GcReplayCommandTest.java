package com.numa.gc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.gc.report.ReplayReport;
import com.numa.core.trace.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class GcReplayCommandTest {
    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        CommandLine cl = GcReplayCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private static void assertOneLine(Run r, String expected) {
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), "one line on stderr: " + r.err());
        assertTrue(lines.get(0).contains(expected), lines.get(0));
    }

    @Test
    void writesOneCsvRowPerPolicyAndAnHtmlPageWithAChart() throws IOException {
        Run r = run("--synthetic", "jbb", "--topology", "1", "--threads", "2", "--transactions", "300", "--heap", "2m",
                "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> csv = Files.readAllLines(dir.resolve("replay.csv"));
        assertEquals(String.join(",", ReplayReport.COLUMNS), csv.get(0));
        assertEquals(7, csv.size(), "header + six policies");
        assertTrue(Files.readString(dir.resolve("replay.csv")).indexOf('\r') < 0, "CsvTables' format: lines end in LF");
        assertTrue(csv.get(1).startsWith("baseline,"));
        // One node: every access is local, whatever the policy.
        for (String row : csv.subList(1, csv.size())) {
            assertEquals("0", row.split(",")[2], row);
        }
        // and stdout says what to add instead of a column of zeros and dashes
        assertTrue(r.out().contains("one NUMA node: no access can be remote") && r.out().contains("add --topology 2"), r.out());
        assertTrue(r.out().lines().filter(l -> l.contains("vs baseline")).allMatch(l -> l.contains("vs baseline       n/a")),
                r.out());
        String html = Files.readString(dir.resolve("replay.html"));
        assertTrue(html.contains("src=\"data:image/png;base64,iVBOR"), "an embedded PNG");
        try (var files = Files.list(dir)) {
            assertEquals(List.of("replay.csv", "replay.html"), files.map(p -> p.getFileName().toString()).sorted()
                    .toList(), "no temporary files left behind");
        }
    }

    @Test
    void anUnknownPolicyIsAUsageError() {
        Run r = run("--synthetic", "jbb", "--policy", "baseline,zgc", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertOneLine(r, "unknown policy 'zgc'; valid policies: baseline, numa-tospace");
    }

    @Test
    void missingInputIsAUsageError() {
        Run r = run("--out", dir.toString());
        assertEquals(2, r.exit());
        assertOneLine(r, "--trace");
    }

    @Test
    void aWrongVersionOrTruncatedTraceIsAUsageErrorWithOneLine() throws IOException {
        Path trace = dir.resolve("t.trace");
        try (OutputStream o = Files.newOutputStream(trace); TraceWriter w = new TraceWriter(o)) {
            w.threadStart(0, 0);
            w.alloc(0, 1, 1, 0, 8);
        }
        byte[] bytes = Files.readAllBytes(trace);
        Files.write(trace, Arrays.copyOf(bytes, bytes.length - 3));
        Run truncated = run("--trace", trace.toString(), "--out", dir.toString());
        assertEquals(2, truncated.exit());
        assertOneLine(truncated, "truncated");

        bytes[5] = 2;
        Files.write(trace, bytes);
        Run version = run("--trace", trace.toString(), "--out", dir.toString());
        assertEquals(2, version.exit());
        assertOneLine(version, "version 2");
    }

    @Test
    void aHeapTooSmallForTheLiveSetFailsTheRunWithOneLine() {
        Run r = run("--synthetic", "jbb", "--topology", "1", "--threads", "2", "--transactions", "50",
                "--heap", "256k", "--policy", "baseline", "--out", dir.toString());
        assertEquals(1, r.exit());
        assertOneLine(r, "too small for the live set");
    }

    @Test
    void sizesParse() {
        assertEquals(64L << 20, GcReplayCommand.parseSize("64m"));
        assertEquals(1L << 30, GcReplayCommand.parseSize("1G"));
        assertEquals(4096, GcReplayCommand.parseSize("4096"));
    }
}
