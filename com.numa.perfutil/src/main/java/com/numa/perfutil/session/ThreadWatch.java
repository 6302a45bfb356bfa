package com.numa.perfutil.session;

import com.numa.perfutil.threads.ProcTasks;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * Looks at /proc/self/task every -XX:PerfUtilThreadWatch milliseconds and, when the set of threads changed, has the
 * session open counters on the new ones and take the final reading of the ended ones, so a thread that starts and
 * ends between two PerfUtil readings is still counted.
 *
 * <p>Why a watch and not a thread-start hook: HotSpot offers no thread-start notification to Java code short of a
 * JVMTI native agent, and the one Java method every platform thread runs first, {@code run()}, is overridden per
 * class; instrumenting {@code java.lang.Thread} would change the application's own code. Listing /proc/self/task is
 * one getdents call (tens of microseconds), and a thread's counters opened a few milliseconds late lose only that
 * time, which the thread's schedstat CPU time at opening accounts for (task-clock's share, labelled as not counted).
 * A perf fd stays readable after its thread exits, so the final count is read whenever the watch notices the exit.
 */
final class ThreadWatch implements Runnable {
    static final String THREAD_NAME = "NUMA-PerfUtil-Threads";

    private final long periodMs;
    private final IntSupplier track;

    /**
     * {@code track} opens and finishes threads and returns how many live threads it could not open yet (looked at again
     * at the next period), or a negative number once PerfUtil is off, which ends the watch.
     */
    ThreadWatch(long periodMs, IntSupplier track) {
        this.periodMs = periodMs;
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
        List<Integer> seen = List.of();
        while (true) {
            try {
                Thread.sleep(periodMs);
            } catch (InterruptedException e) {
                return;
            }
            List<Integer> now;
            try {
                now = ProcTasks.tids();
            } catch (RuntimeException e) {
                return; // no /proc: the periodic readings say so
            }
            // a thread starting after this listing differs from it at the next look, so none is missed for good; one
            // not identified yet (HotSpot names a new thread just after it starts) keeps the next look going
            if (!now.equals(seen)) {
                int waiting = track.getAsInt();
                if (waiting < 0) {
                    return;
                }
                seen = waiting == 0 ? now : List.of();
            }
        }
    }
}
