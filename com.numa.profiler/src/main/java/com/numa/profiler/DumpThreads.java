package com.numa.profiler;

import com.numa.core.log.NumaLog;
import com.numa.core.threads.ThreadRoleRules;
import com.numa.profiler.tracking.ProfilerRuntime;
import java.util.concurrent.TimeUnit;

/**
 * The profiler's own threads that write the profile: the periodic dump ({@code -XX:NUMAProfilerDumpInterval}, so a
 * killed run keeps its last profile) and the exit hook. Both carry the {@code NUMA-} prefix (the thread-role rule then
 * classes them as the tool's) and tell the runtime not to profile them. The exit hook writes on another thread and
 * waits a bounded time: a JVM whose shutdown hook never returns never exits, so a write that cannot finish must not
 * hold the program (the last periodic dump, if any, stays in place).
 */
final class DumpThreads {
    static final String DUMP_THREAD = ThreadRoleRules.AGENT_PREFIX + "Profiler-dump";
    static final String EXIT_THREAD = ThreadRoleRules.AGENT_PREFIX + "Profiler-exit";
    static final String EXIT_WRITER = ThreadRoleRules.AGENT_PREFIX + "Profiler-exit-writer";
    /** How long exit waits for the profile to be written. */
    static final long EXIT_BOUND_MS = 10_000;

    private final ProfilerRuntime runtime;
    private final NumaLog log;

    DumpThreads(ProfilerRuntime runtime, NumaLog log) {
        this.runtime = runtime;
        this.log = log;
    }

    /** Runs {@code dump} every {@code seconds} seconds on a daemon thread (0 = never). */
    void every(int seconds, Runnable dump) {
        if (seconds <= 0) {
            return;
        }
        Thread t = new Thread(() -> {
            runtime.ignoreCallingThread();
            try {
                while (true) {
                    TimeUnit.SECONDS.sleep(seconds);
                    dump.run();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, DUMP_THREAD);
        t.setDaemon(true);
        t.start();
    }

    /** Registers {@code atExit} as a shutdown hook that gives up after {@link #EXIT_BOUND_MS}. */
    void atExit(Runnable atExit) {
        Thread hook = new Thread(() -> {
            runtime.ignoreCallingThread();
            Thread writer = new Thread(() -> {
                runtime.ignoreCallingThread();
                atExit.run();
            }, EXIT_WRITER);
            writer.setDaemon(true);
            writer.start();
            try {
                writer.join(EXIT_BOUND_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (writer.isAlive()) {
                log.once("exit-bound", "the profile was not written within " + EXIT_BOUND_MS / 1000
                        + " s of exit; the program exits without it (the last periodic dump, if any, stays)");
            }
        }, EXIT_THREAD);
        Runtime.getRuntime().addShutdownHook(hook);
    }
}
