package com.numa.perfutil.session;

import com.numa.core.threads.ThreadRole;
import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The evidence that PerfUtil saw every thread: how many Java threads the JVM started while PerfUtil counted
 * (ThreadMXBean's total started count, from just before PerfUtil's first reading) against how many of them got rows,
 * and the process's CPU time (every thread it ever had, ended ones included) against the CPU time the rows account for
 * (task-clock plus the CPU time each thread ran before its counters opened).
 *
 * <p>ThreadMXBean counts only the threads Java code can see: HotSpot's hidden threads (JIT compiler threads it starts
 * on demand, the Notification Thread) are left out of the measured count too. A JVM-internal thread is taken as
 * visible when ThreadMXBean knows its id; application, main and tool threads are visible by construction (the thread
 * inventory classified them from their java.lang.Thread).
 */
final class ThreadCoverage {

    /**
     * @param javaThreadsStarted  Java threads started since PerfUtil's first reading
     * @param javaThreadsMeasured those of them that have rows
     * @param processCpuNs        CPU time of the whole process so far, or {@link ThreadSample#UNKNOWN}
     * @param measuredCpuNs       CPU time the rows account for, or {@link ThreadSample#UNKNOWN} (no task-clock)
     */
    record Evidence(long javaThreadsStarted, long javaThreadsMeasured, long processCpuNs, long measuredCpuNs) {

        long javaThreadsNotMeasured() {
            return Math.max(0, javaThreadsStarted - javaThreadsMeasured);
        }

        /** The CPU time of threads without a row (or of the part of a thread's life no reading holds). */
        long notMeasuredCpuNs() {
            return processCpuNs < 0 || measuredCpuNs < 0 ? ThreadSample.UNKNOWN : Math.max(0, processCpuNs - measuredCpuNs);
        }
    }

    /** What the JVM says about its Java threads (ThreadMXBean in the agent, a script in tests). */
    interface JavaThreads {
        long totalStarted();

        /** Live Java threads now. */
        int liveCount();

        long[] liveIds();

        /** Whether Java code can see the live thread of this id (false for hidden or ended threads). */
        boolean visible(long id);
    }

    static final String TASK_CLOCK = "task-clock";

    private final JavaThreads jvm;
    private final LongSupplier processCpu;
    private long startedAtStart = -1;
    private final Set<Long> atStart = new HashSet<>();
    private final Set<Long> seen = new HashSet<>();
    private long measured;

    /** {@code processCpu}: the process's CPU time in nanoseconds. */
    ThreadCoverage(JavaThreads jvm, LongSupplier processCpu) {
        this.jvm = jvm;
        this.processCpu = processCpu;
    }

    /** The JVM's facts this evidence is built on (the thread watch looks at them too). */
    JavaThreads jvm() {
        return jvm;
    }

    /** Called before the first reading: the threads started from now on are the ones that must get rows. */
    void start() {
        if (startedAtStart < 0) {
            for (long id : jvm.liveIds()) {
                atStart.add(id);
            }
            startedAtStart = jvm.totalStarted();
        }
    }

    /** Notes the Java threads of a reading's samples: each one started since {@link #start()} is a measured one. */
    void observe(List<ThreadSample> samples) {
        for (ThreadSample s : samples) {
            long id = s.thread().javaId();
            if (id < 0 || atStart.contains(id) || !seen.add(id)) {
                continue;
            }
            if (s.thread().role() != ThreadRole.JVM_INTERNAL || jvm.visible(id)) {
                measured++;
            }
        }
    }

    /** The evidence for the readings taken so far. */
    Evidence evidence(List<ThreadReading> readings) {
        long cpu = readings.isEmpty() ? ThreadSample.UNKNOWN : 0;
        for (ThreadReading r : readings) {
            CounterValue clock = r.sample().value(TASK_CLOCK);
            if (clock == null || cpu < 0) {
                cpu = ThreadSample.UNKNOWN;
            } else {
                cpu += clock.raw() + Math.max(0, r.sample().cpuBeforeCountingNs());
            }
        }
        long started = startedAtStart < 0 ? 0 : jvm.totalStarted() - startedAtStart;
        long process;
        try {
            process = processCpu.getAsLong();
        } catch (RuntimeException e) {
            process = ThreadSample.UNKNOWN;
        }
        return new Evidence(started, measured, process, cpu);
    }
}
