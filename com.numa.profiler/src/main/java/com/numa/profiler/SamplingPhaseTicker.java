package com.numa.profiler;

import com.numa.core.threads.ThreadRoleRules;
import com.numa.profiler.rt.Hooks;
import java.util.concurrent.locks.LockSupport;

/**
 * In sampled mode, redraws the sampling phase of every thread slot about once a millisecond ({@link Hooks#tick}), on
 * a daemon thread of the tool's own. Instrumented methods only read the phase at entry; the clock is what keeps it
 * moving, independently of what the program does (see Hooks, the Sampled family).
 */
final class SamplingPhaseTicker {
    static final String THREAD = ThreadRoleRules.AGENT_PREFIX + "Profiler-phase";
    /** The window in which methods share their first block's place: short against any run worth profiling. */
    static final long PERIOD_NANOS = 1_000_000;

    private SamplingPhaseTicker() {
    }

    /** Starts the ticker; {@code runtime} is told to ignore its thread. */
    static Thread start(ProfilerRuntime runtime) {
        Thread t = new Thread(() -> {
            runtime.ignoreCallingThread();
            while (!Thread.currentThread().isInterrupted()) {
                LockSupport.parkNanos(PERIOD_NANOS);
                Hooks.tick();
            }
        }, THREAD);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
