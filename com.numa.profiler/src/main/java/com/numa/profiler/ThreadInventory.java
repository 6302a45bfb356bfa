package com.numa.profiler;

/**
 * Thread key → identity, as Maxine's thread inventory. Key 0 is "unknown" (objects tagged before profiling or by code
 * we do not see). Keys are never reused, so a key in an owner word always names the same thread, alive or not.
 */
final class ThreadInventory {
    private ProfiledThread[] threads = new ProfiledThread[64];
    private int next = 1;

    /** Registers {@code t}; the thread's facts are read outside the lock, so no class loading ever waits for it. */
    ProfiledThread register(Thread t, long javaId) {
        ProfiledThread p = new ProfiledThread(nextKey(), t, javaId);
        store(p);
        return p;
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
