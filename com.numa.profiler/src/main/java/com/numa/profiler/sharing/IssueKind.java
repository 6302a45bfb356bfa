package com.numa.profiler.sharing;

import java.util.Locale;

/**
 * The kinds of NUMA issue the diagnosis reports, after NumaPerf's, each with its score's unit and default threshold.
 * The thresholds are NumaPerf's reporting thresholds (ICS'21 Section 4.1: page sharing 1500, false/true sharing 1,
 * thread migration 150) divided by 10, because they are rates and a program runs about ten times slower under the
 * diagnosis (every field and element access is intercepted); duplication, which NumaPerf reports as a remote-access
 * issue, takes the remote threshold; imbalance is a ratio and needs no such scaling.
 */
public enum IssueKind {
    /** Accesses from another node than the object's home node. */
    REMOTE("remote", "remote accesses/ms", 150),
    /** Invalidations of copies of a line whose other words the invalidated thread used. */
    FALSE_SHARING("false-sharing", "invalidations/ms/thread", 0.1),
    /** Invalidations of copies of a word the invalidated thread used itself. */
    TRUE_SHARING("true-sharing", "invalidations/ms/thread", 0.1),
    /** Data read by several threads after its last write. */
    DUPLICATION_CANDIDATE("duplication-candidate", "reads after last write/ms", 150),
    /** Contended monitor enters and waits (parks included), which can move a thread to another CPU or node. */
    THREAD_MIGRATION("thread-migration", "waits/s/thread", 15),
    /** Threads of one kind doing more work each than those of another. */
    IMBALANCE("imbalance", "max/min accesses per thread", 2);

    private final String label;
    private final String unit;
    private final double defaultThreshold;

    IssueKind(String label, String unit, double defaultThreshold) {
        this.label = label;
        this.unit = unit;
        this.defaultThreshold = defaultThreshold;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    public double defaultThreshold() {
        return defaultThreshold;
    }

    /** The kind labelled {@code label} (as in issues.csv), or null. */
    public static IssueKind of(String label) {
        for (IssueKind k : values()) {
            if (k.label.equals(label.trim().toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        return null;
    }
}
