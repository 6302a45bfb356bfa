package com.numa.core.child;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.util.List;

/**
 * The result protocol between a child JVM and the tool that started it: the child prints one line
 * {@value #MARKER}{@code <json>} on stdout ({@link #emit}); the parent reads the last such line back as a typed record
 * ({@link ChildRun#report}). One format for every child (workloads, overhead runs, characterization), with names and
 * units in the record's field names.
 */
public final class ChildReport {
    /** Starts the protocol line; what follows on the line is one JSON object. */
    public static final String MARKER = "numa-result: ";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ChildReport() {
    }

    /** Prints {@code result} (a record or a map) as the protocol line on {@code out}. */
    public static void emit(Object result, PrintStream out) {
        try {
            out.println(MARKER + JSON.writeValueAsString(result));
            out.flush();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write a child result of " + result.getClass() + ": " + e.getMessage(), e);
        }
    }

    /** Prints {@code result} on System.out. */
    public static void emit(Object result) {
        emit(result, System.out);
    }

    /** The last protocol line of {@code stdout} as a {@code type}, or null when the child printed none. */
    static <T> T parse(String stdout, Class<T> type) {
        List<String> lines = stdout.lines().filter(l -> l.startsWith(MARKER)).toList();
        if (lines.isEmpty()) {
            return null;
        }
        try {
            return JSON.readValue(lines.get(lines.size() - 1).substring(MARKER.length()), type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a child result line is not a " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }
}
