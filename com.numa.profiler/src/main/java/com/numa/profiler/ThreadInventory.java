package com.numa.profiler;

/**
 * Thread key → identity, as Maxine's thread inventory. Key 0 is "unknown" (objects tagged before profiling or by code
 * we do not see). Keys are never reused, so a key in an owner word always names the same thread, alive or not.
 */
final class ThreadInventory {
    /** States looked at per registration for a thread that has ended (see {@link #sweep}). */
    static final int SWEEP_STEPS = 2;
    private ProfiledThread[] threads = new ProfiledThread[64];
    private int next = 1;
    /** The key the sweep looks at next. */
    private int sweepAt = 1;

    /** Registers {@code t}; the thread's facts are read outside the lock, so no class loading ever waits for it. */
    ProfiledThread register(Thread t, long javaId) {
        ProfiledThread p = new ProfiledThread(nextKey(), t, javaId);
        store(p);
        sweep();
        return p;
    }

    /**
     * Looks at the next {@link #SWEEP_STEPS} states in key order, round and round, and releases the caches of those
     * whose thread has ended: each registration pays a constant, and among K states an ended thread's caches go within
     * K / SWEEP_STEPS registrations, so a program that starts thread after thread keeps the caches of about as many
     * threads as it runs at once, plus that lag.
     */
    private synchronized void sweep() {
        for (int i = 0; i < SWEEP_STEPS; i++) {
            if (sweepAt >= next || sweepAt >= threads.length) {
                sweepAt = 1;
            }
            ProfiledThread p = threads[sweepAt++];
            if (p != null) {
                p.releaseCachesIfEnded();
            }
        }
    }

    private synchronized int nextKey() {
        return Math.min(next++, OwnerWords.MAX_KEY);
    }

    private synchronized void store(ProfiledThread p) {
        int key = p.key;
        if (key >= threads.length) {
            // No java.util here: this runs inside the first hook of a thread, and java.util may be instrumented.
            ProfiledThread[] n = new ProfiledThread[Math.max(key + 1, threads.length * 2)];
            System.arraycopy(threads, 0, n, 0, threads.length);
            threads = n;
        }
        if (threads[key] == null) {
            threads[key] = p;
        }
    }

    /** All threads seen so far, in key order, with their access counters derived from their cells (for reports). */
    synchronized ProfiledThread[] snapshot() {
        ProfiledThread[] all = threads();
        for (ProfiledThread t : all) {
            AccessCells.fold(t);
        }
        return all;
    }

    /** All threads seen so far, in key order, their access counters as the last snapshot left them. */
    synchronized ProfiledThread[] threads() {
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
