package com.numa.profiler.sharing;

import com.numa.core.threads.ThreadRoleRules;
import com.numa.profiler.rt.RawAccess;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The inputs of NumaPerf's thread-migration score (Section 3.2.4), from the JVM's own thread statistics instead of
 * intercepted pthread calls: per thread, contended monitor enters ({@link ThreadInfo#getBlockedCount()}) and waits
 * ({@link ThreadInfo#getWaitedCount()}, which HotSpot increments for {@code Object.wait}, {@code Thread.join} and
 * {@code LockSupport.park} alike: java.util.concurrent's locks, conditions, barriers and queues all park); and the
 * parallel phase share p, the share of sampling intervals in which two or more application threads were active (used
 * CPU time, or entered a monitor or waited): a thread that waits often is still part of a parallel phase, an idle
 * pool thread parked for good is not.
 *
 * <p>A daemon thread ({@code NUMA-Profiler-contention}, a tool thread: never profiled) reads them every
 * {@code intervalMs}; a thread's counts are its last reading, so a thread that ends loses at most one interval.
 */
public final class ContentionSampler {
    /** What one thread did: its last reading, and the first and last samples that saw it alive. */
    public record ThreadWaits(long javaId, String name, long contendedEnters, long waits, long firstSample,
            long lastSample) {
        long total() {
            return contendedEnters + waits;
        }
    }

    /** Everything read so far. */
    public record Snapshot(List<ThreadWaits> threads, long samples, long parallelSamples, double seconds) {
        public double parallelShare() {
            return samples == 0 ? 0 : parallelSamples / (double) samples;
        }
    }

    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    private final LongFunction<String> roles;
    private final Map<Long, ThreadWaits> last = new HashMap<>();
    /** CPU time of each application thread at the previous sample, ns (-1 when the JVM does not measure it). */
    private final Map<Long, Long> cpu = new HashMap<>();
    private final long start = System.nanoTime();
    private long samples;
    private long parallelSamples;
    private volatile Thread thread;

    /** {@code roles}: the thread-role label (main, application, jvm-internal, tool) of a Java thread id, or null. */
    public ContentionSampler(LongFunction<String> roles) {
        this.roles = roles;
    }

    /** Starts sampling every {@code intervalMs} on a daemon thread. */
    public void start(long intervalMs) {
        Thread t = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(intervalMs);
                } catch (InterruptedException e) {
                    return;
                }
                sample();
            }
        }, "NUMA-Profiler-contention");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /**
     * The role of a thread: the profiler's (it knows a thread from the thread's first profiled access), else the one
     * rule every feature uses, on the live Thread object (main is known to the profiler early: it runs the program).
     */
    private String role(long id, Map<Long, Thread> live) {
        String role = roles.apply(id);
        if (role != null) {
            return role;
        }
        Thread t = live.get(id);
        return t == null ? null : ThreadRoleRules.classify(false, t.getName(), ThreadRoleRules.kindOf(t)).label();
    }

    private static Map<Long, Thread> liveThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] all = new Thread[root.activeCount() + 16];
        int n = root.enumerate(all, true);
        Map<Long, Thread> m = new HashMap<>();
        for (int i = 0; i < n; i++) {
            m.put(RawAccess.threadId(all[i]), all[i]);
        }
        return m;
    }

    /** Reads every live thread once. */
    public synchronized void sample() {
        ThreadInfo[] infos = mx.getThreadInfo(mx.getAllThreadIds());
        Map<Long, Thread> live = liveThreads();
        int active = 0;
        for (ThreadInfo i : infos) {
            if (i == null) {
                continue; // ended meanwhile
            }
            long id = i.getThreadId();
            String role = role(id, live);
            if (!"main".equals(role) && !"application".equals(role)) {
                continue;
            }
            ThreadWaits before = last.get(id);
            ThreadWaits now = new ThreadWaits(id, i.getThreadName(), i.getBlockedCount(), i.getWaitedCount(),
                    before == null ? samples : before.firstSample(), samples);
            last.put(id, now);
            long cpuNow = cpuTime(id);
            Long cpuBefore = cpu.put(id, cpuNow);
            boolean ran = cpuNow > 0 && (cpuBefore == null || cpuNow > cpuBefore);
            if (ran || before != null && before.total() != now.total()) {
                active++;
            }
        }
        samples++;
        if (active >= 2) {
            parallelSamples++;
        }
    }

    private long cpuTime(long id) {
        try {
            return mx.isThreadCpuTimeSupported() ? mx.getThreadCpuTime(id) : -1;
        } catch (UnsupportedOperationException e) {
            return -1;
        }
    }

    /** A last reading, and everything so far. */
    public synchronized Snapshot snapshot() {
        sample();
        return new Snapshot(new ArrayList<>(last.values()), samples, parallelSamples, (System.nanoTime() - start) / 1e9);
    }

    public void stop() {
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }
}
