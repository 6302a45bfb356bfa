package com.numa.perfutil.session;

import java.util.function.IntSupplier;

/**
 * Every -XX:PerfUtilThreadWatch milliseconds, looks whether the JVM started or ended a Java thread since the last look
 * and, if so, has the session open counters on the new threads and take the final reading of the ended ones, so a
 * thread that starts and ends between two PerfUtil readings is still counted.
 *
 * <p>Why a watch and not a thread-start hook: HotSpot offers no thread-start notification to Java code short of a
 * JVMTI native agent, and the one Java method every platform thread runs first, {@code run()}, is overridden per
 * class; instrumenting {@code java.lang.Thread} would change the application's own code. The look itself is two
 * counters of the JVM (ThreadMXBean's started and live thread counts, no safepoint), so an unchanging program pays
 * almost nothing; threads without a java.lang.Thread (GC, JIT) are left to the periodic readings. Counters opened a
 * few milliseconds after a thread started lose only that time, which the thread's schedstat CPU time at opening
 * accounts for (task-clock's share, labelled as not counted). A perf fd stays readable after its thread exits, so the
 * final count is read whenever the watch notices the exit.
 */
final class ThreadWatch implements Runnable {
    static final String THREAD_NAME = "NUMA-PerfUtil-Threads";

    private final long periodMs;
    private final ThreadCoverage.JavaThreads jvm;
    private final IntSupplier track;

    /**
     * {@code jvm}: its started and live Java thread counts are what the watch looks at; {@code track} opens and
     * finishes threads and returns how many live threads it could not open yet (looked at again at the next period),
     * or a negative number once PerfUtil is off, which ends the watch.
     */
    ThreadWatch(long periodMs, ThreadCoverage.JavaThreads jvm, IntSupplier track) {
        this.periodMs = periodMs;
        this.jvm = jvm;
        this.track = track;
    }

    /** Starts the watch on its own daemon thread. */
    void start() {
        Thread t = new Thread(this, THREAD_NAME);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        long lastStarted = -1;
        int lastLive = -1;
        boolean again = false;
        while (true) {
            try {
                Thread.sleep(periodMs);
            } catch (InterruptedException e) {
                return;
            }
            // read before tracking: a thread starting or ending after this look changes them for the next one
            long s = jvm.totalStarted();
            int l = jvm.liveCount();
            if (again || s != lastStarted || l != lastLive) {
                int waiting = track.getAsInt();
                if (waiting < 0) {
                    return;
                }
                // a new thread HotSpot has not named yet cannot be identified: look again at the next period
                again = waiting > 0;
                lastStarted = s;
                lastLive = l;
            }
        }
    }
}
