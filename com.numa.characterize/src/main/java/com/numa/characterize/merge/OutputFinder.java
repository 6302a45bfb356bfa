package com.numa.characterize.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.CsvTables;
import com.numa.core.io.JsonFiles;
import com.numa.core.provenance.CompletionMarker;
import com.numa.core.provenance.JvmIdentity;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Finds numa-jvm's outputs under the directories and globs given to {@code numa merge}, tells what each is by its
 * content (not its name: {@code %p} names are the user's), which JVM wrote it and whether it is whole.
 */
public final class OutputFinder {
    /** The first columns of PerfUtil's CSV and of the decision log: how the files are told apart. */
    static final String PERFUTIL_HEADER = "scope,timestamp_ns,";
    static final String DECISIONS_HEADER = "time_ms,interval_ms,state,";
    static final String PARTIAL = ".partial";

    private OutputFinder() {
    }

    /**
     * What the inputs hold.
     *
     * @param outputs    numa-jvm's outputs, each once, in path order
     * @param unreadable files that look like outputs but cannot be read, one line each (path: why)
     */
    record Found(List<JvmOutput> outputs, List<String> unreadable) {
    }

    /**
     * The outputs under {@code inputs} (directories, files, or globs such as {@code runs/*}{@code /perf-*.csv}).
     *
     * @throws IllegalArgumentException naming an input that matches nothing
     */
    static Found find(List<String> inputs) throws IOException {
        Set<Path> paths = new LinkedHashSet<>();
        for (String input : inputs) {
            List<Path> matched = expand(input);
            if (matched.isEmpty()) {
                throw new IllegalArgumentException(input + ": no such file or directory; give directories, files or "
                        + "globs of numa-jvm outputs (quote globs so that numa expands them)");
            }
            for (Path p : matched) {
                walk(p, paths);
            }
        }
        List<JvmOutput> found = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        for (Path p : paths.stream().sorted().toList()) {
            try {
                classify(p).ifPresent(found::add);
            } catch (IOException | RuntimeException e) {
                // one damaged file must not stop the merge of the others
                unreadable.add(p + ": not read: " + e.getMessage());
            }
        }
        return new Found(found, unreadable);
    }

    /** A path as given, or the paths a glob matches. */
    private static List<Path> expand(String input) throws IOException {
        if (!input.matches(".*[*?\\[{].*")) {
            Path p = Path.of(input);
            return Files.exists(p) ? List.of(p.toAbsolutePath().normalize()) : List.of();
        }
        // the glob's fixed leading directories are where the walk starts
        Path pattern = Path.of(input).toAbsolutePath().normalize();
        Path base = pattern.getRoot();
        for (Path part : pattern) {
            if (part.toString().matches(".*[*?\\[{].*")) {
                break;
            }
            base = base.resolve(part);
        }
        if (!Files.isDirectory(base)) {
            return List.of();
        }
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        try (Stream<Path> all = Files.walk(base)) {
            return all.filter(matcher::matches).sorted().toList();
        }
    }

    /** Files under {@code p}; a characterization's directory is one output, not its runs' files. */
    private static void walk(Path p, Set<Path> into) throws IOException {
        if (!Files.isDirectory(p)) {
            into.add(p);
            return;
        }
        if (Files.isRegularFile(p.resolve("characterization.json"))) {
            into.add(p.resolve("characterization.json"));
            return;
        }
        try (Stream<Path> children = Files.list(p)) {
            for (Path c : children.sorted().toList()) {
                walk(c, into);
            }
        }
    }

    /**
     * What {@code file} is, or empty when it is none of numa-jvm's outputs: a characterization by its
     * characterization.json, a profile by its summary.json (with threads.csv beside it).
     */
    public static Optional<JvmOutput> classify(Path file) throws IOException {
        String name = file.getFileName().toString();
        if (name.startsWith(".")) {
            return Optional.empty(); // an atomic write's temporary file
        }
        if (name.equals("characterization.json")) {
            return Optional.of(new JvmOutput(JvmOutput.Kind.CHARACTERIZATION, file.getParent(), null,
                    Files.getLastModifiedTime(file).toMillis(), ""));
        }
        if (name.equals("summary.json") && Files.isRegularFile(file.resolveSibling("threads.csv"))) {
            return Optional.of(profile(file));
        }
        if (!name.endsWith(".csv") && !name.endsWith(".csv" + PARTIAL)) {
            return Optional.empty();
        }
        String header = firstLine(file);
        if (header.startsWith(PERFUTIL_HEADER)) {
            return Optional.of(csv(JvmOutput.Kind.PERFUTIL, file, "jvm_start_epoch_ms", "epoch_ns", 1_000_000L));
        }
        if (header.startsWith(DECISIONS_HEADER)) {
            return Optional.of(csv(JvmOutput.Kind.DECISIONS, file, "jvm_start_epoch_ms", "epoch_ms", 1L));
        }
        return Optional.empty();
    }

    private static String firstLine(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file)) {
            String line = r.readLine();
            return line == null ? "" : line;
        }
    }

    /** A CSV whose rows name their JVM: the identity from its first row, its end from the latest row. */
    private static JvmOutput csv(JvmOutput.Kind kind, Path file, String startColumn, String timeColumn, long perMs)
            throws IOException {
        JvmIdentity jvm = null;
        long end = -1;
        try (Reader in = Files.newBufferedReader(file);
                CSVParser p = CsvTables.FORMAT.builder().setHeader().setSkipHeaderRecord(true)
                        .setCommentMarker('#').get().parse(in)) {
            for (CSVRecord r : p) {
                if (!r.isMapped(startColumn) || !r.isSet(startColumn) || r.get("pid").isEmpty()) {
                    continue;
                }
                if (jvm == null) {
                    jvm = new JvmIdentity(r.get("host"), Long.parseLong(r.get("pid")), Long.parseLong(r.get(startColumn)),
                            "", r.isSet("label") ? r.get("label") : "", 0);
                }
                end = Math.max(end, Long.parseLong(r.get(timeColumn)) / perMs);
            }
        } catch (RuntimeException e) {
            throw new IOException(file + " is not a readable " + kind.label() + ": " + e.getMessage(), e);
        }
        if (file.getFileName().toString().endsWith(PARTIAL)) {
            return withMarker(kind, file, jvm, end, "a .partial decision log: its JVM never reached its exit "
                    + "(killed with SIGKILL, crashed, or still running)");
        }
        return withMarker(kind, file, jvm, end, null);
    }

    private static JvmOutput profile(Path summary) throws IOException {
        JsonNode n;
        try {
            n = JsonFiles.mapper().readTree(summary.toFile());
        } catch (IOException e) {
            throw new IOException(summary + " is not a readable profile summary: " + e.getMessage(), e);
        }
        return withMarker(JvmOutput.Kind.PROFILE, summary, JvmIdentity.fromJson(n.get("jvm")),
                Files.getLastModifiedTime(summary).toMillis(), null);
    }

    /** Whole when its completion marker is its own JVM's; the marker also gives the command and the end. */
    private static JvmOutput withMarker(JvmOutput.Kind kind, Path file, JvmIdentity jvm, long end, String known) {
        Path shown = kind == JvmOutput.Kind.PROFILE ? file.getParent() : file;
        if (known != null) {
            return new JvmOutput(kind, shown, jvm, end, known);
        }
        Optional<CompletionMarker.Marker> marker = CompletionMarker.read(file);
        if (marker.isEmpty()) {
            return new JvmOutput(kind, shown, jvm, end, "no completion marker: its JVM was killed (SIGKILL, a crash) "
                    + "or is still running, so this is its last periodic dump");
        }
        JvmIdentity by = marker.get().jvm();
        if (jvm != null && (by.pid() != jvm.pid() || by.startEpochMs() != jvm.startEpochMs())) {
            return new JvmOutput(kind, shown, jvm, end, "its completion marker is another JVM's (pid " + by.pid()
                    + "): left by an earlier run at the same path");
        }
        return new JvmOutput(kind, shown, by, Math.max(end, marker.get().completedEpochMs()), "");
    }
}
