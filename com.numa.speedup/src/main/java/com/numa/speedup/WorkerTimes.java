package com.numa.speedup;

import java.util.List;

/**
 * One application (worker) thread of a measured run: its lifetime, the spans it spent waiting on a monitor, in
 * {@code wait()} or parked, and the CPU time the thread clock read for it ({@code -1} when the clock did not see the
 * thread). Times are epoch nanoseconds on the recording's clock; {@code javaThreadId} ties JFR's thread to the clock's.
 */
record WorkerTimes(String name, long javaThreadId, long startNs, long endNs, List<Interval> waits, long runningNs) {
    static final long UNKNOWN = -1;

    WorkerTimes {
        waits = List.copyOf(waits);
    }

    long lifetimeNs() {
        return Math.max(0, endNs - startNs);
    }

    WorkerTimes withRunningNs(long ns) {
        return new WorkerTimes(name, javaThreadId, startNs, endNs, waits, ns);
    }
}
