package com.numa.opt;

import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import com.numa.core.threads.ThreadRoleRules;
import com.numa.perfutil.threads.ProcTasks;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * CPUs the threads <em>wanted</em> over an interval: per thread, (time on a CPU + time runnable but waiting for one) /
 * wall time, at most one CPU each, from the scheduler's per-thread totals (/proc/self/task/TID/schedstat). What a
 * thread got (CPU time) depends on what else runs on the machine: on a loaded machine a single-threaded program's main
 * thread gets 0.3 of a CPU and its two busy threads 0.4 in all, and a rule on CPU time then finds that everything fits
 * on a one-CPU node. What it wanted does not depend on the load: a runnable thread wants its CPU whether it got it or
 * waited. So whether the application (and the JIT and GC threads confined with it) fits on one node is judged on this
 * where the kernel keeps the totals, and on CPU time where it does not.
 *
 * <p>Three sums: the application threads' (MAIN and APPLICATION), the whole JVM's except numa-jvm's own threads (role
 * TOOL: never pinned, so they need no room on the node), and the JIT compiler threads' (a probe waits while they are
 * busy, see {@link Decider}). NaN for the first interval (no earlier totals) and where /proc has no schedstat.
 */
final class ThreadDemand {
    private final IntFunction<long[]> schedstat;
    private Map<Integer, Long> last = new HashMap<>();
    private boolean supported = true;

    ThreadDemand() {
        this(ProcTasks::schedstat);
    }

    /** With another source of {ns on a CPU, ns waiting} per tid (tests). */
    ThreadDemand(IntFunction<long[]> schedstat) {
        this.schedstat = schedstat;
    }

    /**
     * {application threads' wanted CPUs, the JVM's (tool threads excluded), the JIT compiler threads'} over
     * {@code wallNs} since the last call.
     */
    double[] read(List<ThreadIdentity> threads, long wallNs) {
        if (!supported) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        Map<Integer, Long> now = new HashMap<>();
        double app = 0;
        double jvm = 0;
        double jit = 0;
        boolean first = last.isEmpty();
        for (ThreadIdentity t : threads) {
            if (t.role() == ThreadRole.TOOL) {
                continue;
            }
            long[] s = schedstat.apply(t.tid());
            if (s == null) {
                continue; // ended since it was listed
            }
            long total = s[0] + s[1];
            now.put(t.tid(), total);
            Long before = last.get(t.tid());
            // a thread new in this interval wanted what it has had since it started, all of it within the interval
            double want = wallNs > 0 ? Math.min(1.0, (total - (before == null ? 0 : before)) / (double) wallNs) : 0;
            jvm += want;
            if (t.role().runsApplication()) {
                app += want;
            } else if (t.role() == ThreadRole.JVM_INTERNAL && ThreadRoleRules.isJitCompiler(t.name())) {
                jit += want;
            }
        }
        if (now.isEmpty() && !threads.isEmpty()) {
            supported = false; // no schedstat at all: CPU time it is
        }
        last = now;
        return first || now.isEmpty() || !(wallNs > 0) ? new double[] {Double.NaN, Double.NaN, Double.NaN}
                : new double[] {app, jvm, jit};
    }
}
