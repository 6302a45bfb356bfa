package com.numa.opt.memory;

/**
 * One heap page's sampled touches over an interval: its address, the range holding it ({@code heap} or
 * {@code heap: <generation>}), the node it is on now (a real node id, -1 when unknown), and per node (indexed as
 * {@link Interval#nodes()}) how many samples came from threads on that node, and how many of those were writes
 * ({@code writes} null: the source cannot tell reads from writes).
 */
public record PageTouches(long page, String range, int node, long[] touches, long[] writes) {

    long total() {
        long t = 0;
        for (long v : touches) {
            t += v;
        }
        return t;
    }

    long writeTotal() {
        long t = 0;
        for (long v : writes) {
            t += v;
        }
        return t;
    }

    /** Nodes (indexes) that touched the page. */
    int touchingNodes() {
        int n = 0;
        for (long v : touches) {
            n += v > 0 ? 1 : 0;
        }
        return n;
    }

    /** Young-generation pages turn over at every young collection: moving them is the last thing worth doing. */
    boolean young() {
        String r = range.toLowerCase(java.util.Locale.ROOT);
        return r.contains("young") || r.contains("new") || r.contains("eden") || r.contains("survivor");
    }
}
