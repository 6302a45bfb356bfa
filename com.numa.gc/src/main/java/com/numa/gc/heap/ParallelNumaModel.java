package com.numa.gc.heap;

/**
 * HotSpot's ParallelGC with -XX:+UseNUMA: eden is split per node (a thread allocates in its node's part), survivor
 * spaces and the old generation are interleaved over all nodes, so every copy lands on any node.
 */
final class ParallelNumaModel implements Collector {
    @Override
    public String name() {
        return "parallel-numa";
    }

    @Override
    public String description() {
        return "model of ParallelGC -XX:+UseNUMA: eden per node, survivors and old interleaved";
    }

    @Override
    public int allocationNode(int threadNode) {
        return threadNode;
    }

    @Override
    public int copyNode(int homeNode, int ownerNode, int voteNode, int votes, int age, long collection) {
        return ANY;
    }
}
