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
 */
package com.numa.profiler.tracking;
