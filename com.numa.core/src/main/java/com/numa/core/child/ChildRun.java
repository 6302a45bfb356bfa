package com.numa.core.child;

import java.util.List;

/**
 * What one child JVM did.
 *
 * @param command  the command line it ran
 * @param exitCode its exit code (-1 when it timed out and was killed)
 * @param stdout   its standard output
 * @param stderr   its standard error
 * @param wallNs   wall time from start to exit, ns
 * @param timedOut true when it ran past its time limit and was killed
 */
public record ChildRun(List<String> command, int exitCode, String stdout, String stderr, long wallNs, boolean timedOut) {

    public ChildRun {
        command = List.copyOf(command);
    }

    /** True when it exited 0 in time. */
    public boolean succeeded() {
        return !timedOut && exitCode == 0;
    }

    /** The child's result record ({@link ChildReport}); throws with the diagnostics when it printed none. */
    public <T> T report(Class<T> type) {
        T r = ChildReport.parse(stdout, type);
        if (r == null) {
            throw new IllegalStateException("the child printed no result line (" + ChildReport.MARKER.trim() + ")\n" + diagnostics());
        }
        return r;
    }

    /** Command, exit, and both outputs, for an error message or a failed assertion. */
    public String diagnostics() {
        return "command: " + String.join(" ", command) + "\nexit " + (timedOut ? "(timed out)" : exitCode)
                + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
    }
}
