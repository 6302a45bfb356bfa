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
 * Common-Cleaner), and the JDK's threads made in the application's group: Flight Recorder's and java.util.logging's
 * shutdown hook.</li>
 * <li>APPLICATION: everything else, including fork/join workers and virtual-thread carriers, which run application
 * code even though JDK 25 puts them into JDK-owned thread groups, and virtual threads themselves.</li>
 * </ul>
 * Among application threads, data-processing frameworks name their threads by what they do, which the study's worker
 * rule ({@code WorkShares}) reads through {@link #isFrameworkTask}, {@link #isFrameworkService} and {@link #poolOf}:
 * Apache Spark's task threads are workers whatever their share, its RPC, netty, heartbeat, scheduler and listener
 * threads are auxiliary however busy, and PySpark's driver work runs on a py4j thread ({@link #isPy4jDriver}).
 */
public final class ThreadRoleRules {

    /** The agent's own threads carry this name prefix. */
    public static final String AGENT_PREFIX = "NUMA-";

    /** JNA's reference-cleaner thread: started by the native layer the agent uses, not by the application. */
    public static final String JNA_CLEANER = "JNA Cleaner";

    /** java.util.logging's shutdown hook (LogManager's Cleaner). */
    static final String LOGGING_CLEANER = "Logging-Cleaner";
    /** The profiler's shutdown hook, named before the "NUMA-" convention. */
    public static final String PROFILER_EXIT = "NUMAProfiler-exit";

    /**
     * Spark's executor task threads: named "Executor task launch worker-3" by their pool and renamed for each task to
     * "Executor task launch worker for task 0.0 in stage 15.0 (TID 12)" (Spark 3 and 4), so one thread carries many
     * names over a run; both forms belong to this pool.
     */
    public static final String SPARK_TASK_POOL = "Executor task launch worker";

    /**
     * Name prefixes of Spark's service threads (driver, executor, standalone Master and Worker): RPC dispatch and netty
     * transport ("dispatcher-event-loop-0", "rpc-server-4-1", "shuffle-client-6-1"), heartbeats, the DAG scheduler's
     * event loop, listener buses, cleaners, block-manager and result-fetching pools, the web UI's Jetty pool.
     */
    private static final java.util.List<String> SPARK_SERVICE_PREFIXES = java.util.List.of(
            "dispatcher-", "rpc-", "shuffle-", "files-client-", "files-server-", "netty-", "driver-heartbeater", "executor-heartbeater",
            "heartbeat-receiver-", "dag-scheduler-event-loop", "spark-listener-group-", "element-tracking-store-",
            "Spark Context Cleaner", "context-cleaner-", "map-output-dispatcher", "block-manager-",
            "task-result-getter-", "driver-revive-thread", "executor-kill-mark-cleanup", "SparkUI-",
            "RemoteBlock-temp-file-clean-thread", "Executor task reaper", "appclient-", "task-starvation-timer",
            "master-forward-message-thread", "globalEventExecutor-", "cleanup-decommission-execs");

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
        return kind == Kind.APPLICATION_CODE && !isFlightRecorder(name) && !isJdkShutdownHook(name)
                ? ThreadRole.APPLICATION : ThreadRole.JVM_INTERNAL;
    }

    /**
     * Whether a thread of this name is a shutdown hook of the JDK's own: java.util.logging's "Logging-Cleaner", made in
     * the thread group of whoever first used logging (often the main group), and run at exit, after a SIGTERM too.
     */
    public static boolean isJdkShutdownHook(String name) {
        return LOGGING_CLEANER.equals(name);
    }

    /**
     * Whether a thread of this name is Flight Recorder's ("JFR Periodic Tasks", "JFR Shutdown Hook", "JFR Recording
     * Scheduler"): the JDK's, though its shutdown hook runs in the application's thread group.
     */
    public static boolean isFlightRecorder(String name) {
        return name != null && name.startsWith("JFR ");
    }

    /** Whether a thread of this name is one of numa-jvm's own (the agent's, or JNA's that our native calls start). */
    public static boolean isTool(String name) {
        return name != null && (name.startsWith(AGENT_PREFIX) || name.equals(JNA_CLEANER) || name.equals(PROFILER_EXIT));
    }

    /** Whether a thread of this name is one of Spark's task threads, under its pool name or a task's. */
    public static boolean isFrameworkTask(String name) {
        return name != null && name.startsWith(SPARK_TASK_POOL);
    }

    /**
     * Whether a thread of this name serves a framework (Spark's RPC, netty, heartbeat, dispatcher, scheduler, listener
     * threads): its work is auxiliary to the tasks', however much it is.
     */
    public static boolean isFrameworkService(String name) {
        if (name == null || isFrameworkTask(name)) {
            return false;
        }
        for (String p : SPARK_SERVICE_PREFIXES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The pool a thread belongs to, for grouping a pool's threads: Spark's task pool for its task threads whatever
     * task they were last named after, else the name without a trailing number ("pool-3-thread-17" gives
     * "pool-3-thread-"), or "" when the name ends in no number.
     */
    public static String poolOf(String name) {
        if (isFrameworkTask(name)) {
            return SPARK_TASK_POOL;
        }
        String stem = name.replaceFirst("\\d+$", "");
        return stem.length() == name.length() ? "" : stem;
    }

    /**
     * Whether a thread is PySpark's driver thread: py4j's connection thread, a plain "Thread-N" whose runnable is
     * py4j's (ClientServerConnection, or GatewayConnection without pinned threads), runs the Python program's calls
     * into the JVM while the JVM's main thread waits. {@code stack} is the thread's stack, innermost frame first.
     */
    public static boolean isPy4jDriver(String name, StackTraceElement[] stack) {
        if (name == null || !name.matches("Thread-\\d+")) {
            return false;
        }
        for (int i = stack.length - 1; i >= 0; i--) {
            String c = stack[i].getClassName();
            if (!c.equals("java.lang.Thread")) { // Thread.run (and runWith on JDK 21+) sit below the runnable
                return c.startsWith("py4j.") && c.endsWith("Connection");
            }
        }
        return false;
    }

    /** {@link #isPy4jDriver(String, StackTraceElement[])} of a live thread; the stack is read only for a "Thread-N". */
    public static boolean isPy4jDriver(Thread t) {
        return t.getName().startsWith("Thread-") && isPy4jDriver(t.getName(), t.getStackTrace());
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
