package com.numa.opt;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/** Fills in per-thread allocated bytes from HotSpot's ThreadMXBean (the allocation signal), when the JVM offers it. */
final class ThreadAllocation {
    private final com.sun.management.ThreadMXBean mx;

    ThreadAllocation() {
        java.lang.management.ThreadMXBean b = ManagementFactory.getThreadMXBean();
        com.sun.management.ThreadMXBean hs = null;
        if (b instanceof com.sun.management.ThreadMXBean s && s.isThreadAllocatedMemorySupported()) {
            if (!s.isThreadAllocatedMemoryEnabled()) {
                s.setThreadAllocatedMemoryEnabled(true);
            }
            hs = s;
        }
        mx = hs;
    }

    boolean supported() {
        return mx != null;
    }

    List<ThreadWork> fill(List<ThreadWork> readings) {
        if (mx == null) {
            return readings;
        }
        List<ThreadWork> out = new ArrayList<>(readings.size());
        for (ThreadWork w : readings) {
            long id = w.thread().javaId();
            long bytes = id < 0 ? -1 : mx.getThreadAllocatedBytes(id);
            out.add(bytes < 0 ? w : new ThreadWork(w.thread(), w.work(), w.cycles(), bytes));
        }
        return out;
    }
}
