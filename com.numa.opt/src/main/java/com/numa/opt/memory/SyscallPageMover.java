package com.numa.opt.memory;

import com.numa.core.topology.NumaTopology;
import com.numa.perfutil.affinity.PageLocator;
import com.numa.perfutil.affinity.PageNodes;

/**
 * {@link PageMover} on this process by perfutil's {@link PageLocator}: where pages are from move_pages(2), moves by
 * mbind(2), which also moves the pages the balancing scanner keeps inaccessible between its samples (move_pages reads
 * them as absent).
 */
final class SyscallPageMover implements PageMover {
    private final NumaTopology topology;
    private final PageLocator locator;

    SyscallPageMover(NumaTopology topology) {
        this.topology = topology;
        this.locator = new PageLocator(topology);
    }

    @Override
    public int[] nodesOf(long[] pages) {
        return statuses(locator.nodesOf(pages));
    }

    @Override
    public int[] move(long[] pages, int node) {
        return locator.bindPagesTo(pages, indexOf(node));
    }

    /** The first topology node backed by real node {@code node} (an emulated topology may back several by one). */
    private int indexOf(int node) {
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (topology.node(i).realNode() == node) {
                return i;
            }
        }
        throw new IllegalArgumentException("no node of " + topology + " is backed by real node " + node);
    }

    private static int[] statuses(PageNodes nodes) {
        int[] out = new int[nodes.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = nodes.present(i) ? nodes.node(i) : -nodes.errno(i);
        }
        return out;
    }
}
