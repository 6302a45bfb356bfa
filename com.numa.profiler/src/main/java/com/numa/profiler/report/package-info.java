/**
 * What a profiling run writes: {@link com.numa.profiler.report.ProfileReport} merges the threads' counters per
 * thread, per site and per type (no I/O), {@link com.numa.profiler.report.ReportWriter} writes them as threads.csv,
 * access_matrix.csv, sites.csv, types.csv and summary.json (with {@link com.numa.profiler.report.ProfileCoverage},
 * what the figures rest on), {@link com.numa.profiler.report.TraceRecorder} records {@code -XX:NUMAProfilerTrace}
 * for {@code numa gc-replay} (the runtime's {@link com.numa.profiler.tracking.TraceSink}), and
 * {@link com.numa.profiler.report.DiagnosisFacts} hands the sharing diagnosis of {@link com.numa.profiler.sharing}
 * what it needs from the profiler.
 */
package com.numa.profiler.report;
