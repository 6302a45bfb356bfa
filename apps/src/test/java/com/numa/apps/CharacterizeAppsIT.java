package com.numa.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.apps.Application;
import com.numa.core.apps.Applications;
import com.numa.core.apps.AppsDirectory;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.io.CsvTables;
import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code numa characterize -XX:NUMATopology=2 --suite apps --quick} in every configuration the emulated two nodes can
 * form, as a user runs it (the packaged jar's launcher, the apps directory given through the environment as
 * {@code bin/numa} users would): every application completes in each configuration that runs and under the profiler,
 * printing the same checksum everywhere (the runs without the profiler are the reference); a configuration that cannot
 * be formed (Dual Node with one CPU per node, on our 2-CPU machines) is reported as such; categories.csv has every
 * application with a parallelism category and the paper's counterpart beside it, and Table 6 is filled.
 */
@Tag("slow")
class CharacterizeAppsIT {
    /** Every answer the study gives, Uncertain included: a --quick window can hold too little work to judge. */
    private static final Set<String> PARALLELISM = Set.of("Single-Threaded", "TLP-Bound", "Embarrassingly Imbalanced",
            "Imbalanced", "Explicitly Parallel", "Uncertain");
    private static final Map<String, String> CONFIGURATIONS = Map.of("single", "Single Node", "dual", "Dual Node",
            "all", "All Nodes");

    /** This module's programs (module spark checks its own). */
    private static final String APPS = String.join(",",
            Applications.builtBy(Application.APPS_MODULE).stream().map(Application::name).toList());

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            return p.getRecords();
        }
    }

    @Test
    void everyApplicationCompletesInEveryConfigurationAndUnderTheProfiler() throws Exception {
        Path out = Path.of(System.getProperty("numa.test.output"), "characterize-apps");
        deleteTree(out); // a characterization resumes: the runs of an earlier test would be kept, not run
        ChildRun r = ChildJvm.current().env(AppsDirectory.ENVIRONMENT, System.getProperty(AppsDirectory.PROPERTY))
                .launch(List.of("-jar", Corpus.agentJar().toString(), "characterize", "-XX:NUMATopology=2", "--suite", "apps",
                        "--bench", APPS, "--quick", "--configs", "single,dual,all", "--threads", "2", "--out", out.toString()))
                .timeout(Duration.ofMinutes(15)).run();
        List<CSVRecord> categories = csv(out.resolve("categories.csv"));
        List<String> failed = categories.stream().filter(c -> !c.get("failures").isEmpty())
                .map(c -> c.get("application") + ": " + c.get("failures")).toList();
        assertEquals(0, r.exitCode(), () -> "failed: " + failed + "\n" + r.diagnostics());

        // the configurations the emulated topology can form run; the others are reported with the reason
        JsonNode configurations = JsonFiles.mapper().readTree(out.resolve("characterization.json").toFile())
                .path("provenance").path("configurations");
        List<String> formed = new ArrayList<>();
        for (Map.Entry<String, String> c : CONFIGURATIONS.entrySet()) {
            String said = configurations.path(c.getValue()).asText();
            if (said.startsWith("not run: ")) {
                assertTrue(said.length() > "not run: ".length() + 10, "the report says why: " + said);
            } else {
                assertTrue(said.startsWith("CPUs "), said);
                formed.add(c.getKey());
            }
        }
        assertTrue(formed.containsAll(List.of("single", "all")), "two emulated nodes form Single and All Nodes: " + configurations);
        if (Runtime.getRuntime().availableProcessors() == 2) {
            assertFalse(formed.contains("dual"), "one CPU per node cannot be split in half: " + configurations);
        }

        Map<String, CSVRecord> scaling = new LinkedHashMap<>();
        csv(out.resolve("table6_scaling.csv")).forEach(c -> scaling.put(c.get("application"), c));
        for (Application a : Applications.builtBy(Application.APPS_MODULE)) {
            CSVRecord row = categories.stream().filter(c -> c.get("application").equals(a.name())).findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + a.name() + " in categories.csv"));
            assertTrue(PARALLELISM.contains(row.get("parallelism")), row.toString());
            assertEquals(a.paperCounterpart(), row.get("paper_counterpart"), "the paper's counterpart beside ours: " + row);
            assertFalse(row.get("paper_categories").isEmpty(), row.toString());
            assertFalse(scaling.get(a.name()).get("all_vs_single").isEmpty(), "Table 6 is filled: " + scaling.get(a.name()));
            // the same output in every configuration and under the profiler as without it
            Path runs = out.resolve("runs").resolve(a.name());
            String reference = checksum(runs.resolve("single-counters"));
            assertTrue(reference.startsWith("checksum="), a.name() + " printed " + reference);
            List<String> kinds = new ArrayList<>();
            formed.forEach(c -> kinds.add(c + "-counters"));
            // the profile runs on All Nodes where Single Node has one CPU (two emulated nodes on two CPUs)
            kinds.add((Runtime.getRuntime().availableProcessors() == 2 ? "all" : "single") + "-profile");
            for (String kind : kinds) {
                Path dir = runs.resolve(kind);
                JsonNode run = JsonFiles.mapper().readTree(dir.resolve("run.json").toFile());
                assertEquals("", run.path("failure").asText(), a.name() + " " + kind + ": " + run);
                assertEquals(0, run.path("exitCode").asInt(), a.name() + " " + kind);
                assertEquals(reference, checksum(dir), a.name() + " " + kind + " printed something else than Single Node "
                        + "without the profiler");
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var files = Files.walk(dir)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** The application's output: the drivers print only their checksum line. */
    private static String checksum(Path runDir) throws IOException {
        return Corpus.normalized(Files.readString(runDir.resolve("stdout.txt")));
    }
}
