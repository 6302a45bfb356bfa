package com.numa.characterize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.validation.ValidationProgram;
import com.numa.characterize.validation.ValidationPrograms;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.io.CsvTables;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The validation corpus ({@code numa characterize --suite validation --quick}) as CI runs it, on the real topology and on
 * two emulated nodes: every user-like program lands in the categories its registry accepts, and a run too short to
 * judge says "Uncertain". Single Node runs (Table 2 and the profile, from which the categories come, are measured
 * there), and on emulated nodes All Nodes too (see {@link #configs}); Dual Node would only add the locality column,
 * which the corpus does not judge. A failure prints one table of every program that landed elsewhere, with the
 * study's reason.
 */
@Tag("slow")
class ValidationCorpusEndToEndIT {
    private static final Path AGENT_JAR = Path.of(System.getProperty("numa.agent.jar"));

    @TempDir
    Path tmp;

    @Test
    void everyProgramLandsInItsAcceptableCategoriesOnTheRealTopology() throws Exception {
        assertCorpus(List.of());
    }

    @Test
    void everyProgramLandsInItsAcceptableCategoriesOnTwoEmulatedNodes() throws Exception {
        assertCorpus(List.of("-XX:NUMATopology=2"));
    }

    @Test
    void anUnknownProgramOrSizeIsOneLineWithExitCode2() throws Exception {
        Map<List<String>, String> usage = new LinkedHashMap<>();
        usage.put(List.of("--bench", "nosuch"), "no validation program 'nosuch'; the validation suite has synchronized-map");
        usage.put(List.of("--size", "huge"), "--size 'huge' is not a size of the validation suite: use small, default, large");
        if (Runtime.version().feature() < 21) {
            usage.put(List.of("--bench", "virtual-threads"), "nothing to run here: virtual-threads is not run: it needs Java 21");
        }
        for (Map.Entry<List<String>, String> e : usage.entrySet()) {
            List<String> args = new ArrayList<>(List.of("characterize", "--suite", "validation"));
            args.addAll(e.getKey());
            ChildRun r = numa(args);
            assertEquals(2, r.exitCode(), e.getKey() + "\n" + r.diagnostics());
            assertEquals(1, r.stderr().lines().count(), "one line: " + r.stderr());
            assertTrue(r.stderr().contains(e.getValue()), r.stderr());
        }
    }

    /** bin/numa's java command, run in the test's temporary directory. */
    private ChildRun numa(List<String> args) throws IOException {
        return ChildJvm.current().options("-jar", AGENT_JAR.toString()).launch(args).directory(tmp)
                .env("JAVA_HOME", System.getProperty("java.home")).timeout(Duration.ofMinutes(10)).run();
    }

    /**
     * Single Node gives Table 2 and the profile; on emulated nodes All Nodes runs too, because a program that sizes its
     * pool by the CPUs it sees has fewer threads on one pseudo-node than on the machine (TLP is judged on All Nodes).
     */
    private static String configs(List<String> topology) {
        return topology.isEmpty() ? "single" : "single,all";
    }

    private void assertCorpus(List<String> topology) throws IOException {
        Path out = tmp.resolve("validation");
        List<String> args = new ArrayList<>(List.of("characterize"));
        args.addAll(topology);
        args.addAll(List.of("--suite", "validation", "--quick", "--configs", configs(topology), "--out", out.toString()));
        ChildRun r = numa(args);
        assertEquals(0, r.exitCode(), r.diagnostics());
        int java = Runtime.version().feature();
        Map<String, CSVRecord> rows = new LinkedHashMap<>();
        for (CSVRecord c : csv(out.resolve("categories.csv"))) {
            rows.put(c.get("application"), c);
        }
        List<String> mismatches = new ArrayList<>();
        for (ValidationProgram p : ValidationPrograms.all(java, Runtime.getRuntime().availableProcessors())) {
            CSVRecord row = rows.get(p.name());
            if (p.minimumJava() > java) {
                assertTrue(row == null && r.stderr().contains(p.name() + " is not run: it needs Java " + p.minimumJava()),
                        "left out on Java " + java + ", and said so: " + r.stderr());
                continue;
            }
            assertTrue(row != null, p.name() + " was characterized: " + rows.keySet());
            boolean lands = p.truth().acceptsParallelism(row.get("parallelism"), row.get("confidence"))
                    && p.truth().dataDependency().contains(row.get("data_dependency"));
            assertEquals(String.valueOf(lands), row.get("matches_expected"), "the report judges it as the registry does: " + row);
            if (!lands) {
                mismatches.add(String.format(Locale.ROOT, "%-28s | %-45s | %-60s | %s", p.name(),
                        row.get("parallelism") + ", " + row.get("data_dependency") + " (" + row.get("confidence") + ")",
                        p.truth().describe(), row.get("reason")));
            }
        }
        String header = String.format(Locale.ROOT, "%-28s | %-45s | %-60s | %s", "program", "found", "acceptable", "reason");
        assertTrue(mismatches.isEmpty(), mismatches.size() + " program(s) of the validation corpus landed outside their "
                + "acceptable categories (" + (topology.isEmpty() ? "real topology" : String.join(" ", topology)) + ", Java "
                + java + "):\n" + header + "\n" + String.join("\n", mismatches));
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            return p.getRecords();
        }
    }
}
