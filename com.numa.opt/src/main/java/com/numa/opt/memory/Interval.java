package com.numa.opt.memory;

import java.util.List;

/**
 * What {@link CarrefourRules} decides from: the machine's real node ids, how long the interval lasted, the page size, and the sampled
 * heap pages. {@code readsKnown} false when the source cannot tell reads from writes (then every page's {@code writes}
 * is null).
 */
public record Interval(int[] nodes, long durationNs, long pageSize, List<PageTouches> pages, boolean readsKnown) {

    int indexOf(int realNode) {
        return indexOf(nodes, realNode);
    }

    /** The index of {@code realNode} in {@code nodes}, or -1. */
    static int indexOf(int[] nodes, int realNode) {
        for (int i = 0; i < nodes.length; i++) {
            if (nodes[i] == realNode) {
                return i;
            }
        }
        return -1;
    }
}
