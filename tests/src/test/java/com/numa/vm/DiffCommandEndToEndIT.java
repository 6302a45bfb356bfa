package com.numa.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.numa.profiler.groundtruth.SlotsProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/numa diff} as docs/diff.md runs it: numa diagnose on the adjacent and the padded slot counters, then numa diff
 * on the two diagnoses, which reports the false sharing fixed; and a missing directory, which is bad usage.
 */
class DiffCommandEndToEndIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final Path JAVA = Path.of(System.getProperty("java.home"));

    @TempDir
    Path tmp;

    private NumaCommand.Result diagnose(String layout) throws Exception {
        String classes = Path.of(SlotsProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        // --exact: a sampled profile of so short a run may see no access of two threads in the same interval
        return NumaCommand.run(tmp, layout, JAVA, TIMEOUT, "diagnose", "--exact", "--out", tmp.resolve(layout).toString(),
                // the program (the class path holds every end-to-end test class)
                "-XX:NUMAProfilerInclude=com.numa.profiler.groundtruth.**", "--", "-cp", classes,
                SlotsProgram.class.getName(), layout);
    }

    @Test
    void theFalseSharingOfTheUnpaddedCountersIsFixedByPadding() throws Exception {
        NumaCommand.Result before = diagnose("adjacent");
        assertEquals(0, before.exit(), before.err());
        NumaCommand.Result after = diagnose("padded");
        assertEquals(0, after.exit(), after.err());
        NumaCommand.Result diff = NumaCommand.run(tmp, "diff", JAVA, TIMEOUT, "diff", tmp.resolve("adjacent").toString(),
                tmp.resolve("padded").toString(), "--html", tmp.resolve("diff.html").toString(), "--json",
                tmp.resolve("diff.json").toString());
        String out = Files.readString(tmp.resolve("diff.stdout.txt"));
        assertEquals(0, diff.exit(), out + diff.err());
        assertTrue(out.startsWith("numa diff: diagnosis (numa diagnose) of " + SlotsProgram.class.getName()), out);
        assertTrue(out.matches("(?s).*\\n  fixed +false-sharing .*"), out);
        assertTrue(out.contains("SlotsProgram$Counters.<init>:"), out);
        assertTrue(out.contains("noise between runs is unknown"), out);
        assertTrue(out.lines().allMatch(l -> l.length() <= 120), out);
        JsonNode json = new ObjectMapper().readTree(tmp.resolve("diff.json").toFile());
        JsonNode fixed = json.path("issues").get(0);
        assertEquals("fixed", fixed.path("status").asText(), json.toPrettyString());
        assertEquals("false-sharing", fixed.path("kind").asText());
        assertEquals("long[]", fixed.path("type").asText());
        String html = Files.readString(tmp.resolve("diff.html"));
        assertTrue(html.contains("<td>fixed</td><td>false-sharing</td>"), html);
    }

    @Test
    void aMissingDirectoryIsOneLineAndExitCode2() throws Exception {
        NumaCommand.Result r = NumaCommand.run(tmp, "missing", JAVA, TIMEOUT, "diff", tmp.resolve("before").toString(),
                tmp.resolve("after").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("numa: diff: " + tmp.resolve("before") + ": no such directory", r.err().strip());
    }
}
