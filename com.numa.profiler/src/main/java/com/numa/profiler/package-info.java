/**
 * NUMAProfiler: object-level allocation and access profiling with owner words and shared/private, local/remote
 * classification, after MaxineVM's NUMAProfiler (ISMM'23 §3.1.1), for HotSpot through {@code java.lang.instrument}
 * and ASM. Turned on with {@code -XX:+NUMAProfiler}.
 *
 * <p>The public surface: {@link com.numa.profiler.NumaProfiler} (started by {@link com.numa.profiler.ProfilerFeature}
 * from the feature registry), its flags ({@link com.numa.profiler.ProfilerFlags}), the MBean
 * {@link com.numa.profiler.ProfilerControlMBean} ({@code com.numa:type=NUMAProfiler}) and the method marks of the
 * measurement window ({@link com.numa.profiler.MethodWindowMarks}). Everything else is package-private, in four parts:
 * <ul>
 * <li>instrumentation: {@code ProfilerTransformer} and its chain of ASM visitors (owner-field injection, access hooks,
 * allocation-site tagging, reference-store tracing), {@code ClassFilter} (what is never instrumented);</li>
 * <li>the runtime behind the hooks: {@code ProfilerRuntime} (the sink, its one guard), {@code ProfiledThreads},
 * {@code SideTable}, {@code DeferredArrays}, {@code AccessCells}, {@code OwnerWords};</li>
 * <li>reports: {@code ProfileReport}, {@code ProfileCoverage}, {@code ReportWriter}, {@code TraceRecorder};</li>
 * <li>lifecycle: {@code NumaProfiler.start}, {@code ProfilingWindow}, {@code ProfilerControl}, the exit and dump
 * threads.</li>
 * </ul>
 * The hooks the instrumented code calls are in {@link com.numa.profiler.rt}; the sharing diagnosis in
 * {@link com.numa.profiler.sharing}.
 */
package com.numa.profiler;
