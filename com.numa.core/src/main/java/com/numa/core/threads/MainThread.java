package com.numa.core.threads;

/**
 * The kernel thread id of the application's main thread, registered once by the agent from premain (which runs on
 * it), so that every feature gives the main thread, and the DestroyJavaVM thread that takes over its tid at exit, the
 * same role ({@link ThreadRoleRules}).
 */
public final class MainThread {
    private static volatile int tid = -1;

    private MainThread() {
    }

    /** Called by the agent on the main thread. */
    public static void register(int mainTid) {
        tid = mainTid;
    }

    /** The registered tid, or -1 when no agent registered one (then the thread named "main" is the main thread). */
    public static int tid() {
        return tid;
    }
}
