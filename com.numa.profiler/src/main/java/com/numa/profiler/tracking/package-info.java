/**
 * The tracking behind the hooks, on the application's class path: {@link
 * com.numa.profiler.tracking.ProfilerRuntime}, the sink the hooks of {@link com.numa.profiler.rt} report to, finds an
 * object's owner word (the injected header word through {@code HeaderWordAccess}, else the {@code SideTable}),
 * classifies the access ({@code AccessClassifier}, ISMM'23 §3.1.1), counts it for the accessing thread
 * ({@link com.numa.profiler.tracking.ProfiledThread}, its {@code AccessCells}) and updates the word
 * ({@code OwnerWords}). Beside it: the ids handed out while instrumenting ({@link
 * com.numa.profiler.tracking.SiteRegistry}, {@code OwnerIds}), the threads as the hooks meet them
 * ({@code ProfiledThreads}, {@link com.numa.profiler.tracking.ThreadInventory}), what is learnt per class
 * ({@code KnownClasses}, {@code ClassFacts}, {@code ObjectSizes}) and the sampled mode's deferred array tags.
 *
 * <p>It depends on no package of the profiler but {@link com.numa.profiler.rt} and {@link com.numa.profiler.sharing}:
 * the layers above meet it through small interfaces it declares ({@link com.numa.profiler.tracking.WindowEvents}, which
 * it tells the profiling window's events; {@link com.numa.profiler.tracking.TraceSink}, which it tells the trace's;
 * {@link com.numa.profiler.tracking.FieldReachability}, which the instrumentation answers;
 * {@link com.numa.profiler.tracking.HookHold}, through which the transformer holds the hooks off), and what the
 * instrumentation and the trace share (the header word's name, {@code ReferenceFields}) lives here.
 */
package com.numa.profiler.tracking;
