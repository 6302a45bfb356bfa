/**
 * NUMAProfiler: object-level allocation and access profiling with owner words and shared/private, local/remote
 * classification, after MaxineVM's NUMAProfiler (ISMM'23 §3.1.1), for HotSpot through {@code java.lang.instrument}
 * and ASM. Turned on with {@code -XX:+NUMAProfiler}.
 *
 * <p>This package is the profiler's public surface, the only one of its packages that other modules use:
 * {@link com.numa.profiler.ProfilerFeature} (its line in the feature registry, which starts
 * {@link com.numa.profiler.NumaProfiler}), its flags ({@link com.numa.profiler.ProfilerFlags}), the MBean
 * {@link com.numa.profiler.ProfilerControlMBean} ({@code com.numa:type=NUMAProfiler}), the counts of one span of a run
 * for callers inside the profiled JVM ({@link com.numa.profiler.ProfileSpan}, numa-junit's), the diagnosis's issues.csv
 * for the commands that read it back ({@link com.numa.profiler.IssuesFile}) and the method marks of the measurement
 * window ({@link com.numa.profiler.MethodWindowMarks}, the agent's). It also holds the lifecycle: {@code
 * NumaProfiler.start} wires the parts together, {@code ProfilingWindow} says when to profile, {@code ProfilerControl}
 * opens and closes the window on demand, {@code DumpThreads} write the profile, {@code BootstrapRuntime} puts the hook
 * runtime on the boot class path.
 *
 * <p>The parts, each in its package, in layers: a package uses only those listed before it, and this package uses them
 * all.
 * <ul>
 * <li>{@link com.numa.profiler.rt}: the hooks the instrumented code calls, on the boot class path;</li>
 * <li>{@link com.numa.profiler.sharing}: the sharing diagnosis;</li>
 * <li>{@link com.numa.profiler.tracking}: the sink behind the hooks (owner words, side table, threads, sites), and the
 * small interfaces through which the layers above meet it;</li>
 * <li>{@link com.numa.profiler.instrument}: the class transformer and its ASM visitors, the filter of what is never
 * instrumented;</li>
 * <li>{@link com.numa.profiler.report}: the profile's files and the trace (it does not use instrument).</li>
 * </ul>
 * None of them is an API: a subpackage's class or member is public only where another of the profiler's packages calls
 * it. Only code written as instrumented code is written calls {@code rt} from outside (bench's hook-floor benchmark).
 * The build checks both rules: no package cycle, and no other module's use of a subpackage
 * ({@code com.numa.build.PackageCyclesTest} in module tests).
 */
package com.numa.profiler;
