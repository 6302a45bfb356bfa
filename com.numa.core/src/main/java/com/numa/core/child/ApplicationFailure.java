package com.numa.core.child;

import com.numa.core.log.NumaLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An application that failed in a child JVM, said the one way every tool says it, before anything about counters,
 * coverage or profiles: a run that exited non-zero or was killed measured nothing worth reading, and the reason is the
 * application's own last words on stderr (its exception and first frames, or the java launcher's
 * {@code Error: Could not find or load main class ...}), not the footer our agent printed after them.
 * <pre>
 * the application failed: exit code 1; its last lines on stderr:
 *   Exception in thread "main" java.lang.IllegalStateException: boom
 *   	at Main.main(Main.java:4)
 * </pre>
 * Two runs that failed the same way are equal, so a tool that runs an application several times says it once.
 *
 * @param exitCode   the child's exit code
 * @param crash      how the JVM died of a signal, or null when it exited
 * @param stderrTail the application's last lines on stderr ({@link #tail}); empty for a crash, whose report is
 *                   HotSpot's, or when it printed nothing
 */
public record ApplicationFailure(int exitCode, JvmCrash crash, List<String> stderrTail) {
    /** Lines kept: an exception and its first frames, or the launcher's error and its cause. */
    static final int TAIL_LINES = 6;
    /** A longer line is cut: an exception message may hold a whole document. */
    static final int LINE_CHARS = 300;

    public ApplicationFailure {
        stderrTail = stderrTail == null ? List.of() : List.copyOf(stderrTail);
    }

    /**
     * The failure of {@code run}, or empty when it succeeded or ran past its time limit (the tool that set the limit
     * says that itself).
     */
    public static Optional<ApplicationFailure> of(ChildRun run) {
        if (run.timedOut()) {
            return Optional.empty();
        }
        Optional<JvmCrash> crash = JvmCrash.of(run);
        if (crash.isPresent()) {
            return Optional.of(new ApplicationFailure(run.exitCode(), crash.get(), List.of()));
        }
        if (run.exitCode() == 0) {
            return Optional.empty();
        }
        return Optional.of(new ApplicationFailure(run.exitCode(), null, tail(run.stderr())));
    }

    /** One line: {@code the application failed: exit code 1}, or the crash. */
    public String headline() {
        return crash != null ? crash.describe() : "the application failed: exit code " + exitCode;
    }

    /**
     * The headline and the first line of the tail (the exception, or the launcher's error), for a table cell or a
     * record's field.
     */
    public String oneLine() {
        return stderrTail.isEmpty() ? headline() : headline() + ": " + stderrTail.get(0).strip();
    }

    /** The headline, then the tail indented by two spaces: what a tool prints first. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        if (crash != null) {
            out.add(headline());
        } else if (stderrTail.isEmpty()) {
            out.add(headline() + "; it printed nothing on stderr");
        } else {
            out.add(headline() + "; its last lines on stderr:");
            stderrTail.forEach(l -> out.add("  " + l));
        }
        return out;
    }

    /**
     * The application's last lines in {@code stderr}: from the start of its last stack trace (a line followed by
     * {@code at ...} frames: {@code Exception in thread "main" ...}, or a trace the program printed before exiting),
     * else its last lines. Our agent's lines ({@code numa: ...} and the lines indented under one, such as PerfUtil's
     * table) are left out: they follow the exception and are not why the application stopped.
     */
    static List<String> tail(String stderr) {
        List<String> own = new ArrayList<>();
        boolean ours = false;
        for (String line : stderr.lines().toList()) {
            if (line.isBlank()) {
                continue;
            }
            boolean indented = Character.isWhitespace(line.charAt(0));
            if (line.startsWith(NumaLog.PREFIX.strip())) {
                ours = true;
            } else if (!indented) {
                ours = false;
            }
            if (!ours) {
                own.add(cut(line.stripTrailing()));
            }
        }
        int start = Math.max(0, own.size() - TAIL_LINES);
        for (int i = own.size() - 2; i >= 0; i--) {
            if (startsTrace(own.get(i), own.get(i + 1))) {
                start = i;
                break;
            }
        }
        return List.copyOf(own.subList(start, Math.min(own.size(), start + TAIL_LINES)));
    }

    private static boolean startsTrace(String line, String next) {
        return !Character.isWhitespace(line.charAt(0)) && !line.startsWith("Caused by:")
                && next.stripLeading().startsWith("at ") && Character.isWhitespace(next.charAt(0));
    }

    private static String cut(String line) {
        return line.length() <= LINE_CHARS ? line : line.substring(0, LINE_CHARS) + " ...";
    }
}
