package com.numa.gc.heap;

/** Maxine's SemiSpace: one to-space, NUMA-oblivious, so allocation and copies spread over all nodes. */
final class SemiSpaceBaseline implements Collector {
    @Override
    public String name() {
        return "baseline";
    }

    @Override
    public String description() {
        return "semispace, one to-space interleaved over all nodes (NUMA-oblivious, as Maxine's SemiSpace)";
    }

    @Override
    public int allocationNode(int threadNode) {
        return ANY;
    }

    @Override
    public int copyNode(int homeNode, int ownerNode, int voteNode, int votes, int age, long collection) {
        return ANY;
    }
}
