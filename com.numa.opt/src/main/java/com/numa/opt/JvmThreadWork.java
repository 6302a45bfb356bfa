package com.numa.opt;

import com.numa.core.threads.ThreadIdentity;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * Work as per-thread CPU time from ThreadMXBean (nanoseconds, the task-clock of Java threads), for machines without
 * instruction counters and before a PerfUtil sampler is available. Only threads with a java.lang.Thread are read;
 * JVM-internal threads do not count towards the application's shares anyway.
 */
public final class JvmThreadWork implements WorkSource {
    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();

    public JvmThreadWork() {
        if (!mx.isThreadCpuTimeSupported()) {
            throw new UnsupportedOperationException("this JVM cannot measure per-thread CPU time (ThreadMXBean)");
        }
        if (!mx.isThreadCpuTimeEnabled()) {
            mx.setThreadCpuTimeEnabled(true);
        }
    }

    @Override
    public String workUnit() {
        return "cpu-ns";
    }

    @Override
    public String describe() {
        return "per-thread CPU time from the JVM (ThreadMXBean)";
    }

    @Override
    public boolean hasCycles() {
        return false;
    }

    @Override
    public List<ThreadWork> read(List<ThreadIdentity> threads) {
        List<ThreadWork> out = new ArrayList<>();
        for (ThreadIdentity t : threads) {
            if (t.javaId() < 0) {
                continue;
            }
            long ns = mx.getThreadCpuTime(t.javaId());
            if (ns >= 0) {
                out.add(new ThreadWork(t, ns, Double.NaN, Double.NaN));
            }
        }
        return out;
    }
}
