package com.numa.characterize.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.characterize.merge.JvmOutput;
import com.numa.characterize.merge.OutputFinder;
import com.numa.characterize.run.Configuration;
import com.numa.characterize.run.ProfileSummary;
import com.numa.characterize.run.RunRecord;
import com.numa.characterize.run.Runner;
import com.numa.core.io.JsonFiles;
import com.numa.diagnose.IssueList;
import com.numa.profiler.IssuesFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one output directory for {@code numa diff} through the readers of its files: merge's {@link OutputFinder}
 * tells what it is, {@link ProfileSummary} reads a profile, {@link IssueList} a diagnosis's issues.csv, Jackson a
 * characterization.json and its runs' run.json (whose measured iterations give Table 6 its range).
 */
public final class OutputReader {
    /** The columns of categories.csv that {@code numa diff} compares. */
    static final List<String> CATEGORIES = List.of("parallelism", "data_dependency", "locality_bound", "confidence");
    /** summary.json's configuration entries that shape a profile's numbers besides the program. */
    private static final List<String> PROFILE_CONDITIONS = List.of("topology", Comparison.SAMPLING,
            "NUMAProfilerCoverage", "NUMAProfilerAccesses", "NUMAProfilerOwner", "NUMAProfilerInclude",
            "NUMAProfilerExclude", "NUMAProfilerDiagnoseThresholds", "java_version");

    private OutputReader() {
    }

    /**
     * The output at {@code path} (a directory, or a file in it).
     *
     * @throws IllegalArgumentException naming the problem when {@code path} is missing or holds no output of
     *                                  {@code numa characterize}, {@code numa diagnose} or the profiler (bad usage)
     * @throws IOException              when its files cannot be read
     */
    public static Output read(Path path) throws IOException {
        if (!Files.exists(path)) {
            throw new IllegalArgumentException(path + ": no such directory");
        }
        Path dir = (Files.isDirectory(path) ? path : path.toAbsolutePath().getParent()).toAbsolutePath().normalize();
        Path characterization = dir.resolve("characterization.json");
        Path summary = dir.resolve("summary.json");
        boolean isProfile = !Files.isRegularFile(characterization) && Files.isRegularFile(summary)
                && Files.isRegularFile(dir.resolve("threads.csv"));
        if (!Files.isRegularFile(characterization) && !isProfile) {
            throw new IllegalArgumentException(dir + " holds no numa-jvm output to compare: neither characterization.json "
                    + "(numa characterize --out) nor summary.json and threads.csv (numa diagnose --out, "
                    + "numa vm -XX:NUMAProfilerOutput)");
        }
        try {
            if (!isProfile) {
                return characterization(dir, characterization);
            }
            Optional<JvmOutput> found = OutputFinder.classify(summary);
            if (found.isEmpty()) {
                throw new IOException(summary + " is not a profile summary");
            }
            return profile(dir, found.get());
        } catch (RuntimeException e) {
            // a number that does not parse, a column missing: the file is damaged, not the command line
            throw new IOException(dir + ": not readable: " + e.getMessage(), e);
        }
    }

    private static Output profile(Path dir, JvmOutput found) throws IOException {
        ProfileSummary p = ProfileSummary.read(dir);
        JsonNode configuration = json(dir.resolve("summary.json")).path("configuration");
        Map<String, String> conditions = new LinkedHashMap<>();
        for (String c : PROFILE_CONDITIONS) {
            if (configuration.has(c)) {
                conditions.put(c, configuration.path(c).asText());
            }
        }
        String program = program(found);
        List<Issue> issues = new ArrayList<>();
        Path csv = dir.resolve(IssuesFile.NAME);
        boolean diagnosis = Files.isRegularFile(csv);
        if (diagnosis) {
            try {
                IssueList.read(csv).forEach(row -> issues.add(Issue.of(row)));
            } catch (RuntimeException e) {
                throw new IOException(csv + " is not a readable issue list: " + e.getMessage(), e);
            }
        }
        List<String> warnings = found.complete() ? List.of() : List.of(dir + ": " + found.incomplete());
        Output.Application app = new Output.Application(program.isEmpty() ? dir.getFileName().toString() : program,
                Map.of(), Measured.once(p.sharedReadPct()), Measured.once(p.sharedWritePct()), Map.of());
        return new Output(diagnosis ? Output.Kind.DIAGNOSIS : Output.Kind.PROFILE, dir, program, conditions,
                List.of(app), issues, warnings);
    }

    /** The label the user gave the JVM, else its main class or jar's file name (builds of one program live apart). */
    private static String program(JvmOutput found) {
        if (found.jvm() == null) {
            return "";
        }
        if (!found.jvm().label().isEmpty()) {
            return found.jvm().label();
        }
        String command = found.jvm().command();
        return command.isEmpty() ? "" : Path.of(command).getFileName().toString();
    }

    private static Output characterization(Path dir, Path file) throws IOException {
        JsonNode root = json(file);
        JsonNode tables = root.path("tables");
        Map<String, Output.Application> apps = new LinkedHashMap<>();
        for (JsonNode row : tables.path("categories").path("rows")) {
            String name = row.path("application").asText();
            Map<String, String> categories = new LinkedHashMap<>();
            for (String c : CATEGORIES) {
                categories.put(c, row.path(c).asText(""));
            }
            apps.put(name, new Output.Application(name, categories, Measured.NONE, Measured.NONE, Map.of()));
        }
        for (JsonNode row : tables.path("table4_sharing").path("rows")) {
            String name = row.path("application").asText();
            Output.Application a = apps.getOrDefault(name, empty(name));
            apps.put(name, new Output.Application(name, a.categories(), Measured.once(number(row, "shared_read_pct")),
                    Measured.once(number(row, "shared_write_pct")), a.medianMs()));
        }
        for (JsonNode row : tables.path("table6_scaling").path("rows")) {
            String name = row.path("application").asText();
            Output.Application a = apps.getOrDefault(name, empty(name));
            Map<String, Measured> times = new LinkedHashMap<>();
            for (Configuration c : Configuration.values()) {
                double median = number(row, c.option() + "_median_ms");
                if (!Double.isNaN(median)) {
                    times.put(c.option(), iterations(dir, name, c).orElse(Measured.once(median)));
                }
            }
            apps.put(name, new Output.Application(name, a.categories(), a.sharedReadPct(), a.sharedWritePct(), times));
        }
        JsonNode provenance = root.path("provenance");
        Map<String, String> conditions = new LinkedHashMap<>();
        for (String c : List.of("topology", "cpus", "jvm", "options", "thresholds")) {
            if (provenance.has(c)) {
                JsonNode v = provenance.path(c);
                conditions.put(c, v.isValueNode() ? v.asText() : v.toString());
            }
        }
        return new Output(Output.Kind.CHARACTERIZATION, dir, String.join(", ", apps.keySet()), conditions,
                List.copyOf(apps.values()), List.of(), List.of());
    }

    private static Output.Application empty(String name) {
        return new Output.Application(name, Map.of(), Measured.NONE, Measured.NONE, Map.of());
    }

    /**
     * The measured iterations, in ms, of the counters run Table 6 took its median from; empty when its run.json is not
     * there (a characterization copied without its runs/) or holds none.
     */
    private static Optional<Measured> iterations(Path dir, String application, Configuration c) throws IOException {
        Path record = Runner.runDir(dir, application, c, Runner.Kind.COUNTERS).resolve("run.json");
        if (!Files.isRegularFile(record)) {
            return Optional.empty();
        }
        RunRecord r;
        try {
            r = JsonFiles.mapper().readValue(record.toFile(), RunRecord.class);
        } catch (IOException e) {
            throw new IOException(record + " is not a readable run record: " + e.getMessage(), e);
        }
        if (!r.succeeded() || r.iterationNs().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Measured.ofRepeats(r.iterationNs().stream().map(ns -> ns / 1e6).toList()));
    }

    private static double number(JsonNode row, String column) {
        String v = row.path(column).asText("");
        return v.isBlank() ? Double.NaN : Double.parseDouble(v);
    }

    private static JsonNode json(Path file) throws IOException {
        try {
            return JsonFiles.mapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + " is not readable JSON: " + e.getMessage(), e);
        }
    }
}
