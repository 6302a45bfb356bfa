package com.numa.characterize.run;

import com.numa.core.child.ApplicationFailure;
import java.util.List;

/**
 * One finished run of one benchmark in one configuration, kept as {@code run.json} in its directory: a run with this
 * file is complete, so running the same command again skips it (resume after a failure or Ctrl-C).
 *
 * @param benchmark     the benchmark's name
 * @param configuration single, dual or all
 * @param kind          counters (PerfUtil) or profile (NUMAProfiler)
 * @param fingerprint   the options that shape the run; a different one makes the run stale
 * @param exitCode      the child's exit code (-1: timed out)
 * @param wallNs        the child's wall time
 * @param iterationNs   the measured iterations' times (the whole run's when the benchmark marks none)
 * @param windowed      true when times and counters are the measured window's (iterations or method spans), false
 *                      when they are the whole run's
 * @param warmups       warm-up iterations seen
 * @param failure       why the run failed, or "" when it succeeded
 * @param warnings      what did not fail the run but weakens its numbers (a --start-at method never entered, ...)
 * @param application   how the application failed (exit code and last lines on stderr, or its crash), null when it
 *                      did not ({@code failure} then says what else went wrong, if anything)
 */
public record RunRecord(String benchmark, String configuration, String kind, String fingerprint, int exitCode,
        long wallNs, List<Long> iterationNs, boolean windowed, int warmups, String failure, List<String> warnings,
        ApplicationFailure application) {

    public RunRecord {
        iterationNs = List.copyOf(iterationNs);
        warnings = warnings == null ? List.of() : List.copyOf(warnings); // run.json of an earlier version has none
    }

    public boolean succeeded() {
        return failure.isEmpty();
    }
}
