/**
 * NUMAProfiler: object-level allocation and access profiling with owner words and shared/private, local/remote
 * classification, after MaxineVM's NUMAProfiler (ISMM'23 §3.1.1), for HotSpot through {@code java.lang.instrument}
 * and ASM. Turned on with {@code -XX:+NUMAProfiler}.
 *
 * <p>The public surface: {@link com.numa.profiler.NumaProfiler} (started by {@link com.numa.profiler.ProfilerFeature}
 * from the feature registry), its flags ({@link com.numa.profiler.ProfilerFlags}), the MBean
 * {@link com.numa.profiler.ProfilerControlMBean} ({@code com.numa:type=NUMAProfiler}) and the method marks of the
 * measurement window ({@link com.numa.profiler.MethodWindowMarks}). This package holds the lifecycle: {@code
 * NumaProfiler.start} wires the parts together, {@code ProfilingWindow} says when to profile, {@code ProfilerControl}
 * and {@link com.numa.profiler.ProfileSpan} open and close the window on demand, {@code DumpThreads} write the
 * profile, {@code BootstrapRuntime} puts the hook runtime on the boot class path. The parts, each in its package:
 * <ul>
 * <li>{@link com.numa.profiler.instrument}: the class transformer and its ASM visitors, the filter of what is never
 * instrumented;</li>
 * <li>{@link com.numa.profiler.rt}: the hooks the instrumented code calls, on the boot class path;</li>
 * <li>{@link com.numa.profiler.tracking}: the sink behind the hooks (owner words, side table, threads, sites);</li>
 * <li>{@link com.numa.profiler.report}: the profile's files and the trace;</li>
 * <li>{@link com.numa.profiler.sharing}: the sharing diagnosis.</li>
 * </ul>
 * A subpackage's class or member is public only where another of the profiler's packages calls it: none of them is an
 * API.
 */
package com.numa.profiler;
