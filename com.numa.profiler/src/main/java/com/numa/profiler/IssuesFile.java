package com.numa.profiler;

import com.numa.profiler.sharing.SharingDiagnosis;

/**
 * issues.csv, the sharing diagnosis's ranked issues in the profile directory, for the commands that read it back
 * ({@code numa diagnose}, {@code numa diff}): its name and the note that says its counts are estimates. The diagnosis
 * itself (package sharing, which writes the file) is no API.
 */
public final class IssuesFile {
    /** The file's name in the profile directory (-XX:NUMAProfilerOutput). */
    public static final String NAME = SharingDiagnosis.ISSUES_CSV;

    private IssuesFile() {
    }

    /** What the issues of a run sampled 1 in {@code sampling} accesses say of their counts; empty when not sampled. */
    public static String samplingNote(int sampling) {
        return SharingDiagnosis.samplingNote(sampling);
    }
}
