package com.numa.core.classification;

import java.util.List;

/**
 * The JDK's lock and wait machinery: locks, conditions and their wait queues, latches, barriers, semaphores, phasers,
 * exchangers, hand-off queues and the fork/join pool's own bookkeeping. A thread's accesses to these objects grow with
 * how often it waits, spins or scans for work, not with the work it does: two philosophers that eat the same meals
 * made 1% or 26% more lock accesses, one than the other, by how the scheduler interleaved them. So they count as
 * accesses (sharing through a lock is real sharing) but are reported apart, and the study leaves them out of the
 * object-access imbalance (OA); and the advice for a contended one is about the lock, not the data ({@link
 * SharingAdvice}).
 */
public final class SynchronizerTypes {
    /** Prefixes of the types' Java names (nested classes included: "java.util.concurrent.ForkJoinPool$WorkQueue"). */
    private static final List<String> PREFIXES = List.of("java.util.concurrent.locks.",
            "java.util.concurrent.ForkJoinPool", "java.util.concurrent.CountDownLatch",
            "java.util.concurrent.CyclicBarrier", "java.util.concurrent.Semaphore", "java.util.concurrent.Phaser",
            "java.util.concurrent.Exchanger", "java.util.concurrent.SynchronousQueue");

    private SynchronizerTypes() {
    }

    /** Whether objects of {@code type} (Java spelling, as AllocationSite gives it) are lock or wait machinery. */
    public static boolean isSynchronizer(String type) {
        for (String prefix : PREFIXES) {
            if (type.startsWith(prefix) && (type.length() == prefix.length() || prefix.endsWith(".")
                    || type.charAt(prefix.length()) == '$')) {
                return true;
            }
        }
        return false;
    }
}
