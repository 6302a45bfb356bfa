package com.numa.profiler.sharing;

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
 * parallel phase share p, the share of samples in which two or more application threads were runnable.
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

    /** Reads every live thread once. */
    public synchronized void sample() {
        ThreadInfo[] infos = mx.getThreadInfo(mx.getAllThreadIds());
        int runnable = 0;
        for (ThreadInfo i : infos) {
            if (i == null) {
                continue; // ended meanwhile
            }
            String role = roles.apply(i.getThreadId());
            if (!"main".equals(role) && !"application".equals(role)) {
                continue;
            }
            ThreadWaits before = last.get(i.getThreadId());
            last.put(i.getThreadId(), new ThreadWaits(i.getThreadId(), i.getThreadName(), i.getBlockedCount(),
                    i.getWaitedCount(), before == null ? samples : before.firstSample(), samples));
            if (i.getThreadState() == Thread.State.RUNNABLE) {
                runnable++;
            }
        }
        samples++;
        if (runnable >= 2) {
            parallelSamples++;
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
