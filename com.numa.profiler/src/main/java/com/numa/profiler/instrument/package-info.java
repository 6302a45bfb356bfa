/**
 * The instrumentation: what the profiler does to bytecode as classes load. {@link
 * com.numa.profiler.instrument.ProfilerTransformer} is the {@code ClassFileTransformer}; it runs one ASM visitor per
 * concern (owner-field injection, access hooks, allocation-site tagging, control points, the sampled mode's countdown
 * local, reference-store tracing), answers what it needs of fields from class files without loading classes
 * ({@code DeclaredFields}, {@code UnhookedReads}), and asks {@link com.numa.profiler.instrument.ClassFilter} what is
 * never instrumented. {@link com.numa.profiler.instrument.FieldReach} says which instances hooked code can ever reach,
 * {@link com.numa.profiler.instrument.TransformerJit} keeps the transformer's own code out of C2, and
 * {@link com.numa.profiler.instrument.HiddenIntrinsics} names the JDK methods whose hooks compiled stubs would hide.
 * The inserted code calls the hooks of {@link com.numa.profiler.rt}.
 */
package com.numa.profiler.instrument;
