package com.numa.profiler.tracking;

import com.numa.core.log.NumaLog;
import com.numa.perfutil.linux.LinuxSyscalls;

/**
 * The profiled threads as the hooks meet them: each thread's state, created and registered in the inventory the first
 * time a hook runs on it, initialised (kernel thread id, node) then, and found again by thread id.
 */
final class ProfiledThreads {
    private static final int BY_ID = 1 << 12;
    private final ThreadInventory inventory = new ThreadInventory();
    /** Thread id → state, see {@link #current()}. */
    private final ProfiledThread[] byId = new ProfiledThread[BY_ID];
    /** No initialValue: registering must not start before the thread is marked busy, see {@link #currentSlow}. */
    private final ThreadLocal<ProfiledThread> current = new ThreadLocal<>();
    private final NodeLocator nodes;
    private final NumaLog log;
    private final int sampling;
    private final int nodeRefresh;
    private final TraceSink trace;

    ProfiledThreads(NodeLocator nodes, NumaLog log, int sampling, int nodeRefresh, TraceSink trace) {
        this.nodes = nodes;
        this.log = log;
        this.sampling = sampling;
        this.nodeRefresh = nodeRefresh;
        this.trace = trace;
    }

    ThreadInventory inventory() {
        return inventory;
    }

    /** The profiler's own threads (exit, dumps) call this first: their accesses are not the application's. */
    void ignoreCallingThread() {
        current.set(ProfiledThread.UNPROFILED);
    }

    /**
     * The calling thread's state. The hot path indexes {@link #byId} by thread id (read from Thread's own field: a
     * getId override may be instrumented), cheaper than ThreadLocal's hash probe; a thread whose slot holds another
     * thread's state (ids equal modulo the table size) takes the ThreadLocal.
     */
    ProfiledThread current() {
        long id = ThreadIds.of(Thread.currentThread());
        ProfiledThread t = byId[(int) id & (BY_ID - 1)];
        return t != null && t.javaId == id ? t : currentSlow(id);
    }

    /**
     * Finds or creates the state in the ThreadLocal. While it is being created (which may load classes, and class
     * loading runs instrumented JDK code such as ConcurrentHashMap) the thread is marked busy, so those hooks return at
     * once instead of creating it again.
     */
    private ProfiledThread currentSlow(long id) {
        ProfiledThread t = current.get();
        if (t == null) {
            current.set(ProfiledThread.UNPROFILED);
            try {
                t = inventory.register(Thread.currentThread(), id);
            } finally {
                if (t == null) {
                    current.remove();
                } else {
                    current.set(t);
                }
            }
        }
        if (id != ThreadIds.UNKNOWN && t.javaId == id) {
            byId[(int) id & (BY_ID - 1)] = t;
        }
        return t;
    }

    /** On the thread's first hook, held busy: what needs the running thread (its kernel id, its node). */
    void initialize(ProfiledThread t) {
        if (!t.initialized) {
            t.initialized = true;
            try {
                t.tid = LinuxSyscalls.gettid();
            } catch (Throwable e) {
                log.once("gettid", "cannot read kernel thread ids (" + e + "); threads.csv shows tid -1");
            }
            t.node = nodes.currentNode();
            t.nodeCountdown = nodeRefresh;
            com.numa.profiler.rt.Hooks.seed(t.allocationSampler, 0, sampling, t.key);
            if (trace != null) {
                trace.threadStarted(t);
            }
        }
    }

    /** The thread's node, read again from the kernel every {@code nodeRefresh} calls (threads may migrate). */
    int node(ProfiledThread t) {
        if (--t.nodeCountdown <= 0) {
            t.nodeCountdown = nodeRefresh;
            t.node = nodes.currentNode();
        }
        return t.node;
    }
}
