/**
 * The hook runtime the instrumented bytecode calls: {@link com.numa.profiler.rt.Hooks} (one hook per kind of access,
 * every access or the sampled one in N), {@link com.numa.profiler.rt.WordHooks} (sampled mode's header-word hooks) and
 * the {@link com.numa.profiler.rt.AccessSink} they report to. The agent appends this package to the boot class path,
 * so that JDK classes and every class loader see the same hooks: it depends on nothing outside the JDK, and it must
 * stay in this package, where the boot loader finds it.
 */
package com.numa.profiler.rt;
