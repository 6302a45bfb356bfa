package com.numa.core.threads;

/**
 * Decides the role of a JVM thread. Pure: the facts come from the dump and from the java.lang.Thread object, if any.
 * <ul>
 * <li>MAIN: the thread the agent registered from premain, or (fallback) the first Java thread named "main" in the
 * "main" thread group (its Java id is 1 on JDK 17 but 3 on JDK 25, so the id alone is not a reliable marker).</li>
 * <li>TOOL: threads of numa-jvm itself ("NUMA-" prefix, the profiler's "NUMAProfiler-exit" shutdown hook, and
 * "JNA Cleaner", which the JNA library under our native calls starts in the main thread group): every feature shows
 * them apart and the profiler does not count their accesses.</li>
 * <li>JVM_INTERNAL: threads without a java.lang.Thread (VM Thread, GC
 * and G1 workers), Java threads hidden from Java code (compiler threads, Service Thread), and JDK service threads
 * (system thread group: Reference Handler, Finalizer, Signal Dispatcher, Attach Listener; JDK "innocuous" threads:
 * Common-Cleaner).</li>
 * <li>APPLICATION: everything else, including fork/join workers and virtual-thread carriers, which run application
 * code even though JDK 25 puts them into JDK-owned thread groups, and virtual threads themselves.</li>
 * </ul>
 */
public final class ThreadRoleRules {

    /** The agent's own threads carry this name prefix. */
    public static final String AGENT_PREFIX = "NUMA-";

    /** JNA's reference-cleaner thread: started by the native layer the agent uses, not by the application. */
    public static final String JNA_CLEANER = "JNA Cleaner";

    /** The profiler's shutdown hook, named before the "NUMA-" convention. */
    public static final String PROFILER_EXIT = "NUMAProfiler-exit";

    /** What the Java side knows about a thread of the dump. */
    public enum Kind {
        /** No java.lang.Thread (a VM-internal native thread). */
        NATIVE,
        /** A java.lang.Thread that Java code cannot enumerate (compiler threads, Service Thread, ...). */
        HIDDEN,
        /** A JDK service thread (system thread group or a JDK innocuous thread). */
        JDK_SERVICE,
        /** A thread that runs application code. */
        APPLICATION_CODE
    }

    private ThreadRoleRules() {
    }

    public static ThreadRole classify(boolean main, String name, Kind kind) {
        if (main) {
            return ThreadRole.MAIN;
        }
        if (isTool(name)) {
            return ThreadRole.TOOL;
        }
        return kind == Kind.APPLICATION_CODE ? ThreadRole.APPLICATION : ThreadRole.JVM_INTERNAL;
    }

    /** Whether a thread of this name is one of numa-jvm's own (the agent's, or JNA's that our native calls start). */
    public static boolean isTool(String name) {
        return name != null && (name.startsWith(AGENT_PREFIX) || name.equals(JNA_CLEANER) || name.equals(PROFILER_EXIT));
    }

    /**
     * Whether a thread of this name is one of HotSpot's JIT compiler threads ("C1 CompilerThread0", "C2
     * CompilerThread3", "JVMCI CompilerThread0"; the kernel's comm cuts the name to "C2 CompilerThre").
     */
    public static boolean isJitCompiler(String name) {
        return name != null && name.contains("CompilerThre");
    }

    /**
     * Whether {@code t} is a virtual thread (JDK 21+): they run application tasks, yet their thread group
     * ("VirtualThreads") hangs off the system group. By class name, so that this compiles and runs on JDK 17
     * (java.lang.VirtualThread, and ThreadBuilders$BoundVirtualThread where the JVM has no continuations).
     */
    public static boolean isVirtual(Thread t) {
        String c = t.getClass().getName();
        return c.startsWith("java.lang.") && c.endsWith("VirtualThread");
    }

    /**
     * The kind of a thread Java code can see. Application threads descend from the "main" thread group (a child of
     * the root "system" group); JDK service threads live elsewhere under the root. Fork/join workers (which include
     * virtual-thread carriers) run application tasks wherever their group is.
     */
    public static Kind kindOf(Thread t) {
        if (t instanceof java.util.concurrent.ForkJoinWorkerThread || isVirtual(t)) {
            return Kind.APPLICATION_CODE;
        }
        ThreadGroup g = t.getThreadGroup();
        if (g == null) {
            // terminated: its group is gone, and only application threads are expected to end
            return Kind.APPLICATION_CODE;
        }
        for (; g != null; g = g.getParent()) {
            if (g.getParent() != null && g.getParent().getParent() == null && g.getName().equals("main")) {
                return Kind.APPLICATION_CODE;
            }
        }
        return Kind.JDK_SERVICE;
    }
}
