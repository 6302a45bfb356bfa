/**
 * The only classes of numa-jvm an application can see, besides the profiler's hooks ({@code com.numa.profiler.rt}, on
 * the boot class path while the profiler runs): the agent's and the launcher's entry points, the class loader that
 * holds everything else, and the hooks a method window's marked methods call. They use nothing but the JDK.
 *
 * <p>The packaged {@code numa-agent.jar} keeps every other class under {@value com.numa.boot.AgentLayout#PREFIX} with
 * the suffix {@value com.numa.boot.AgentLayout#CLASS_SUFFIX}, where no class loader of the application looks, and
 * {@link com.numa.boot.AgentClassLoader} defines them. So an application that bundles its own JNA, Jackson, ASM or
 * picocli keeps them, and a class-path scanner finds nothing of ours. Where the application itself calls numa-jvm (the
 * profiler's spans from numa-junit, the harness of numa characterize's built-in programs), the agent runs from the
 * system class loader instead, on a plain copy of its classes (see {@link com.numa.boot.AgentLayout#apiRequested}).
 */
package com.numa.boot;
