package com.numa.core.provenance;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The file that says an output is whole: {@code <output>.complete} beside it, written atomically after the output's
 * last write at the JVM's exit (a normal exit, {@code System.exit}, or SIGTERM, SIGINT, SIGHUP: the JVM runs its
 * shutdown hooks for each). Periodic dumps never write one, so a file without its marker is a dump of a JVM still
 * running or one that was killed (SIGKILL, a crash, or an exit hook past its time bound). The marker names the JVM that
 * wrote the output ({@link JvmIdentity}), so a marker left by an earlier run at the same path does not count: a feature
 * also removes the old marker when it starts.
 */
public final class CompletionMarker {
    public static final String SUFFIX = ".complete";

    /**
     * A marker as read back.
     *
     * @param feature         the feature that wrote the output (PerfUtil, NUMAProfiler, NUMAOpts)
     * @param jvm             the JVM that wrote it
     * @param completedEpochMs when the output was completed
     */
    public record Marker(String feature, JvmIdentity jvm, long completedEpochMs) {
    }

    private CompletionMarker() {
    }

    /** Where the marker of {@code output} lives. */
    public static Path of(Path output) {
        Path abs = output.toAbsolutePath();
        return abs.resolveSibling(abs.getFileName() + SUFFIX);
    }

    /** Removes an earlier run's marker of {@code output}, if any: until this run completes, the output is not whole. */
    public static void clear(Path output) {
        try {
            Files.deleteIfExists(of(output));
        } catch (IOException | SecurityException e) {
            // the marker's identity still tells it apart from this run's output
        }
    }

    /** Marks {@code output}, just written by {@code feature} of this JVM, as complete. */
    public static void write(Path output, String feature) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("complete", true);
        m.put("feature", feature);
        m.put("output", output.toAbsolutePath().getFileName().toString());
        m.put("completed_epoch_ms", System.currentTimeMillis());
        m.put("jvm", JvmIdentity.current().json());
        JsonFiles.write(of(output), m);
    }

    /** The marker of {@code output}; empty when there is none or it cannot be read. */
    public static Optional<Marker> read(Path output) {
        Path marker = of(output);
        if (!Files.isRegularFile(marker)) {
            return Optional.empty();
        }
        try {
            JsonNode n = JsonFiles.mapper().readTree(marker.toFile());
            JvmIdentity jvm = JvmIdentity.fromJson(n.get("jvm"));
            if (!n.path("complete").asBoolean(false) || jvm == null) {
                return Optional.empty();
            }
            return Optional.of(new Marker(n.path("feature").asText(""), jvm, n.path("completed_epoch_ms").asLong()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
