package com.numa.profiler.tracking;

/**
 * Thread key → identity, as Maxine's thread inventory. Key 0 is "unknown" (objects tagged before profiling or by code
 * we do not see). Keys are never reused, so a key in an owner word always names the same thread, alive or not.
 */
public final class ThreadInventory {
    /** States looked at per registration for a thread that has ended (see {@link #sweep}). */
    static final int SWEEP_STEPS = 2;
    private ProfiledThread[] threads = new ProfiledThread[64];
    private int next = 1;
    /** The states whose caches are still held (their thread alive, or ended and not swept yet), in no order. */
    private ProfiledThread[] holding = new ProfiledThread[16];
    private int holdingCount;
    /** Where the sweep looks next in {@link #holding}. */
    private int sweepAt;

    /** Registers {@code t}; the thread's facts are read outside the lock, so no class loading ever waits for it. */
    ProfiledThread register(Thread t, long javaId) {
        ProfiledThread p = new ProfiledThread(nextKey(), t, javaId);
        store(p);
        sweep(p);
        return p;
    }

    /**
     * Adds {@code p} to the states holding caches, then looks at the next {@link #SWEEP_STEPS} of them, round and
     * round, and releases the caches of those whose thread has ended, which leave the list. Each registration pays a
     * constant, and the sweep goes twice as fast as threads register, so the states still holding caches are about the
     * threads alive at once plus as many ended ones: a program that starts thread after thread keeps a handful.
     */
    private synchronized void sweep(ProfiledThread p) {
        if (holdingCount == holding.length) {
            holding = grown(holding, holding.length * 2);
        }
        holding[holdingCount++] = p;
        for (int i = 0; i < SWEEP_STEPS && holdingCount > 0; i++) {
            if (sweepAt >= holdingCount) {
                sweepAt = 0;
            }
            if (holding[sweepAt].releaseCachesIfEnded()) {
                holding[sweepAt] = holding[--holdingCount];
                holding[holdingCount] = null;
            } else {
                sweepAt++;
            }
        }
    }

    private synchronized int nextKey() {
        return Math.min(next++, OwnerWords.MAX_KEY);
    }

    private synchronized void store(ProfiledThread p) {
        int key = p.key;
        if (key >= threads.length) {
            threads = grown(threads, Math.max(key + 1, threads.length * 2));
        }
        if (threads[key] == null) {
            threads[key] = p;
        }
    }

    /**
     * {@code a} copied into an array of {@code length}. No java.util (Arrays.copyOf) here: this runs inside the first
     * hook of a thread, and java.util may be instrumented.
     */
    private static ProfiledThread[] grown(ProfiledThread[] a, int length) {
        ProfiledThread[] n = new ProfiledThread[length];
        System.arraycopy(a, 0, n, 0, a.length);
        return n;
    }

    /** All threads seen so far, in key order, with their access counters derived from their cells (for reports). */
    public synchronized ProfiledThread[] snapshot() {
        ProfiledThread[] all = threads();
        for (ProfiledThread t : all) {
            AccessCells.fold(t);
        }
        return all;
    }

    /** All threads seen so far, in key order, their access counters as the last snapshot left them. */
    public synchronized ProfiledThread[] threads() {
        ProfiledThread[] out = new ProfiledThread[next - 1];
        int n = 0;
        for (int k = 1; k < next && k < threads.length; k++) {
            if (threads[k] != null) {
                out[n++] = threads[k];
            }
        }
        ProfiledThread[] r = new ProfiledThread[n];
        System.arraycopy(out, 0, r, 0, n);
        return r;
    }
}
