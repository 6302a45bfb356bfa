package com.numa.core.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether an output file or directory can be written, asked before the JVM starts, so that a run does not go for
 * minutes and then lose its results. The probe creates and removes a temporary file in the nearest existing directory
 * (access(2) says yes to root even on /proc); nothing is left behind.
 */
public final class OutputPaths {
    private OutputPaths() {
    }

    /**
     * An output path as the user wrote it, with its placeholders filled in by this JVM: {@code %p} its pid, {@code %h}
     * the host's name, {@code %t} the JVM's start time (UTC, {@code yyyyMMdd'T'HHmmss}), {@code %{NAME}} the
     * environment variable NAME (empty when unset; e.g. an executor id), {@code %%} a percent sign. Several JVMs given
     * one option (Spark executors, a test suite's forks, JAVA_TOOL_OPTIONS) then write distinct files. Any other
     * {@code %} stays as typed.
     */
    public static String expand(String template) {
        if (template.indexOf('%') < 0) {
            return template;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            char next = i + 1 < template.length() ? template.charAt(i + 1) : 0;
            int close = next == '{' ? template.indexOf('}', i + 2) : -1;
            if (c == '%' && (next == 'p' || next == 'h' || next == 't' || next == '%')) {
                out.append(next == 'p' ? String.valueOf(ProcessHandle.current().pid()) : next == 'h' ? hostName()
                        : next == 't' ? startTime() : "%");
                i++;
            } else if (c == '%' && close > i + 2) {
                String value = System.getenv(template.substring(i + 2, close));
                out.append(value == null ? "" : value);
                i = close;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The JVM's start time, UTC, as yyyyMMdd'T'HHmmss (no formatter: this may run in premain). */
    static String startTime() {
        java.util.Optional<java.time.Instant> start = ProcessHandle.current().info().startInstant();
        long ms = start.isPresent() ? start.get().toEpochMilli() : System.currentTimeMillis();
        java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(ms / 1000, 0, java.time.ZoneOffset.UTC);
        return t.getYear() + two(t.getMonthValue()) + two(t.getDayOfMonth()) + "T" + two(t.getHour()) + two(t.getMinute())
                + two(t.getSecond());
    }

    private static String two(int v) {
        return v < 10 ? "0" + v : String.valueOf(v);
    }

    /** The kernel's host name (no DNS lookup: an agent must not wait on the network). */
    public static String hostName() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (IOException | SecurityException e) {
            // fall through to the environment
        }
        String env = System.getenv("HOSTNAME");
        return env == null || env.isBlank() ? "localhost" : env;
    }

    /**
     * The one message for an output the user named that cannot be written, the same in every command: the option as
     * typed ({@code --out}, or {@code -XX:PerfUtilOutput=}), the path, why, and the fix. Empty when it can be written.
     * Commands print it after their {@code numa: <command>: } prefix and exit 2 (bad usage).
     */
    public static Optional<String> optionProblem(String option, Path target, boolean directory) {
        return whyNotWritable(target, directory).map(why -> option + (option.endsWith("=") ? "" : " ") + target + ": " + why
                + "; choose a writable " + (directory ? "directory" : "file"));
    }

    /** Why {@code target} cannot be written as a file (or, with {@code directory}, created as a directory), or empty. */
    public static Optional<String> whyNotWritable(Path target, boolean directory) {
        Path abs = target.toAbsolutePath().normalize();
        if (Files.exists(abs)) {
            if (directory != Files.isDirectory(abs)) {
                return Optional.of(abs + " exists and is " + (directory ? "not a directory" : "a directory"));
            }
            if (!directory) {
                return Files.isWritable(abs) ? Optional.empty() : Optional.of(abs + " is not writable");
            }
        }
        Path dir = directory && Files.isDirectory(abs) ? abs : abs.getParent();
        while (dir != null && !Files.exists(dir)) {
            dir = dir.getParent();
        }
        if (dir == null || !Files.isDirectory(dir)) {
            return Optional.of("no directory to create " + abs + " in");
        }
        try {
            Files.delete(Files.createTempFile(dir, ".numa-probe", ".tmp"));
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            String detail = e.getMessage() == null || e.getMessage().contains(".numa-probe") ? "" : ": " + e.getMessage();
            return Optional.of("cannot create a file in " + dir + " (" + e.getClass().getSimpleName() + detail + ")");
        }
    }
}
