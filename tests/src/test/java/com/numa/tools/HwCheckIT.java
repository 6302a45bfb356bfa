package com.numa.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tools/hw-check as a user runs it: the dry-run listing, bad usage, and a real run of its cheapest step. */
class HwCheckIT {
    private static final List<String> STEPS = List.of("doctor", "perfutil", "characterize", "optimizer", "profiler",
            "gc-replay", "carrefour");
    private static final Pattern STEP_LINE = Pattern.compile("^(\\d+)\\s+(\\S+)\\s+(\\d+)\\s+(\\S.*)$");
    private static final Pattern TOTAL_LINE = Pattern.compile("^\\s+total\\s+(\\d+)\\s+.*$");

    @TempDir
    Path tmp;

    private record Result(int exit, String out, String err) {
    }

    private static Path script() {
        return Path.of(System.getProperty("numa.home", "..")).resolve("tools/hw-check").normalize();
    }

    private Result run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(script().toString()));
        command.addAll(List.of(args));
        Path out = tmp.resolve("stdout");
        Path err = tmp.resolve("stderr");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "hw-check did not finish");
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void dryRunListsEveryStepInOrderWithBudgetsThatFitEightMinutes() throws Exception {
        Result r = run("--dry-run");
        assertEquals(0, r.exit(), r.err());
        List<String> steps = new ArrayList<>();
        int sum = 0;
        int total = -1;
        for (String line : r.out().lines().toList()) {
            Matcher m = STEP_LINE.matcher(line);
            if (m.matches()) {
                assertEquals(steps.size() + 1, Integer.parseInt(m.group(1)), line);
                int budget = Integer.parseInt(m.group(3));
                assertTrue(budget > 0, line);
                sum += budget;
                steps.add(m.group(2));
            }
            Matcher t = TOTAL_LINE.matcher(line);
            if (t.matches()) {
                total = Integer.parseInt(t.group(1));
            }
        }
        assertEquals(STEPS, steps, r.out());
        assertEquals(sum, total, r.out());
        assertTrue(total <= 9 * 60, "the whole check must fit 9 minutes: " + total + " s");
        assertTrue(r.out().contains("perf stat"), r.out());
    }

    @Test
    void badUsageIsOneLineAndExitTwo() throws Exception {
        Result r = run("--frobnicate");
        assertEquals(2, r.exit());
        assertEquals("hw-check: unknown option '--frobnicate' (see tools/hw-check --help)", r.err().strip());
        Result step = run("--only", "perfutill");
        assertEquals(2, step.exit());
        assertTrue(step.err().startsWith("hw-check: unknown step 'perfutill'; the steps are doctor perfutil"),
                step.err());
    }

    @Test
    void theDoctorStepWritesTheSummaryInMarkdownAndJson() throws Exception {
        Path results = tmp.resolve("results");
        Result r = run("--only", "doctor", "--out", results.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("[1/1] doctor"), r.out());
        JsonNode summary = JsonFiles.mapper().readTree(results.resolve("summary.json").toFile());
        assertEquals(1, summary.get("steps").size());
        JsonNode doctor = summary.get("steps").get(0);
        assertEquals("doctor", doctor.get("step").asText());
        assertEquals("ok", doctor.get("status").asText());
        assertTrue(doctor.get("figures").asText().matches("\\d+ node\\(s\\), core PMU (true|false); features: .*"),
                doctor.get("figures").asText());
        assertTrue(doctor.get("seconds").asInt() <= doctor.get("budget_s").asInt());
        String md = Files.readString(results.resolve("summary.md"));
        assertTrue(md.contains("| doctor | ok |"), md);
        assertTrue(Files.size(results.resolve("doctor/doctor.json")) > 0);
        // every verdict that is not full is listed as a figure not taken, in both forms
        JsonNode verdicts = JsonFiles.mapper().readTree(results.resolve("doctor/doctor.json").toFile()).get("features");
        long notFull = 0;
        for (JsonNode v : verdicts) {
            notFull += v.get("level").asText().equals("full") ? 0 : 1;
        }
        assertEquals(notFull, doctor.get("not_taken").size());
    }
}
