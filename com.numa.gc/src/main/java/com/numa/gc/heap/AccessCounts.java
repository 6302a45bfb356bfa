package com.numa.gc.heap;

/** Local and remote accesses per generation: remote when the object's page lies on another node than the thread. */
public final class AccessCounts {
    private final long[] local = new long[Generation.values().length];
    private final long[] remote = new long[Generation.values().length];

    void count(Generation g, boolean isLocal) {
        if (isLocal) {
            local[g.ordinal()]++;
        } else {
            remote[g.ordinal()]++;
        }
    }

    public long local(Generation g) {
        return local[g.ordinal()];
    }

    public long remote(Generation g) {
        return remote[g.ordinal()];
    }

    public long local() {
        return sum(local);
    }

    public long remote() {
        return sum(remote);
    }

    /** Remote share of all accesses in percent (0 without accesses). */
    public double remotePct() {
        long all = local() + remote();
        return all == 0 ? 0 : 100.0 * remote() / all;
    }

    private static long sum(long[] a) {
        long s = 0;
        for (long v : a) {
            s += v;
        }
        return s;
    }
}
