package com.numa.characterize.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.core.io.JsonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The iterations a run marked (one JSON line each, appended by com.numa.core.window.MeasurementWindow in the child),
 * read back while the run goes on (progress) and after it (iteration times).
 */
record IterationLog(List<Iteration> iterations) {

    /** One finished iteration. */
    record Iteration(int number, boolean warmup, boolean passed, long durationNs) {
    }

    static IterationLog read(Path file) throws IOException {
        List<Iteration> out = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n;
                try {
                    n = JsonFiles.mapper().readTree(line);
                } catch (IOException halfWritten) {
                    continue; // the child may be appending this very line
                }
                out.add(new Iteration(n.path("iteration").asInt(), n.path("warmup").asBoolean(),
                        n.path("passed").asBoolean(true), n.path("duration_ns").asLong()));
            }
        }
        return new IterationLog(out);
    }

    List<Long> measuredNs() {
        return iterations.stream().filter(i -> !i.warmup()).map(Iteration::durationNs).toList();
    }

    int warmups() {
        return (int) iterations.stream().filter(Iteration::warmup).count();
    }

    boolean allPassed() {
        return iterations.stream().allMatch(Iteration::passed);
    }
}
