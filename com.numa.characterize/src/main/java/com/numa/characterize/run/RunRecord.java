package com.numa.characterize.run;

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
 * @param warmups       warm-up iterations seen
 * @param failure       why the run failed, or "" when it succeeded
 */
public record RunRecord(String benchmark, String configuration, String kind, String fingerprint, int exitCode,
        long wallNs, List<Long> iterationNs, int warmups, String failure) {

    public RunRecord {
        iterationNs = List.copyOf(iterationNs);
    }

    public boolean succeeded() {
        return failure.isEmpty();
    }
}
