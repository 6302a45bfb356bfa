package com.numa.characterize.suite;

import com.numa.core.window.MethodWindow;
import java.util.ArrayList;
import java.util.List;

/**
 * The measured window of a single application between two of its methods ({@code --start-at}, {@code --stop-at}):
 * from an entry of the start method to the exit of the stop method that leaves none of its activations running (every
 * such span is one measured iteration; see com.numa.core.window.MethodWindow). The child gets it as
 * {@code -XX:NUMAWindowStartAt/StopAt}, so PerfUtil's window rows, the profiler (as under -XX:+NUMAProfilerIterations)
 * and the iteration times all cover the spans only.
 *
 * @param startAt pkg.Class.method, or "" (the window then opens before main)
 * @param stopAt  pkg.Class.method, or "" (the start method)
 */
public record MethodSpan(String startAt, String stopAt) {

    /**
     * The span the options name, checked as the profiler's StartAt/StopAt are ({@link MethodWindow#checkMethodName});
     * null when neither is given. IllegalArgumentException naming the option and what it expects otherwise.
     */
    public static MethodSpan of(String startAt, String stopAt) {
        String start = check("--start-at", startAt);
        String stop = check("--stop-at", stopAt);
        return start.isEmpty() && stop.isEmpty() ? null : new MethodSpan(start, stop);
    }

    private static String check(String option, String value) {
        if (value == null) {
            return "";
        }
        if (value.isBlank()) {
            throw new IllegalArgumentException(option + " is empty: expected " + MethodWindow.EXPECTED);
        }
        try {
            return MethodWindow.checkMethodName(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " '" + value + "': expected " + e.getMessage());
        }
    }

    /** The child's NUMA flags. */
    public List<String> flags() {
        List<String> out = new ArrayList<>();
        if (!startAt.isEmpty()) {
            out.add("-XX:NUMAWindowStartAt=" + startAt);
        }
        if (!stopAt.isEmpty()) {
            out.add("-XX:NUMAWindowStopAt=" + stopAt);
        }
        return out;
    }

    /** As the report says it: "from entering A to leaving B". */
    public String describe() {
        String start = startAt.isEmpty() ? "the start of main" : "entering " + startAt;
        return "from " + start + " to leaving " + (stopAt.isEmpty() ? startAt : stopAt);
    }
}
