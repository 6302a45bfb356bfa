package com.numa.core.classification;

import com.numa.core.threads.ThreadRole;
import java.util.Map;

/**
 * One thread's counts in a run's measured window (or its whole run when nothing marked iterations), from PerfUtil's CSV.
 *
 * @param tid    kernel thread id
 * @param name   Java name (kernel name for JVM-internal threads)
 * @param role   the one role rule of com.numa.core.threads
 * @param counts scaled count per event
 * @param life   when it was alive in the counted window, as PerfUtil's rows show ({@link Lifetime#UNKNOWN} where they
 *               do not say)
 */
public record ThreadWork(int tid, String name, ThreadRole role, Map<String, Double> counts, Lifetime life) {

    public ThreadWork {
        counts = Map.copyOf(counts);
    }

    /** A thread whose life is not recorded. */
    public ThreadWork(int tid, String name, ThreadRole role, Map<String, Double> counts) {
        this(tid, name, role, counts, Lifetime.UNKNOWN);
    }

    /** The scaled count of {@code event}, 0 when the thread has no such row. */
    public double count(String event) {
        return counts.getOrDefault(event, 0.0);
    }

    /** Main or application: the threads whose work the study attributes to the application. */
    public boolean isApplication() {
        return role.runsApplication();
    }

    /** The role as PerfUtil's CSV writes it ({@link ThreadRole#label()}). */
    public static ThreadRole role(String label) {
        for (ThreadRole r : ThreadRole.values()) {
            if (r.label().equals(label)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown thread role '" + label + "'");
    }

    /** The shares' view of these rows, with work measured by {@code event}. */
    public static WorkShares.ThreadView<ThreadWork> view(String event) {
        return new WorkShares.ThreadView<>() {
            @Override
            public ThreadRole role(ThreadWork t) {
                return t.role();
            }

            @Override
            public String name(ThreadWork t) {
                return t.name();
            }

            @Override
            public double work(ThreadWork t) {
                return t.count(event);
            }

            @Override
            public Lifetime lifetime(ThreadWork t) {
                return t.life();
            }
        };
    }
}
