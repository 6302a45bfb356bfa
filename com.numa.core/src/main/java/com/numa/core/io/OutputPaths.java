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
