package com.numa.gc.heap;

/**
 * NUMA-Eden: a thread allocates on its own node, and a survivor stays on the node it was allocated on (copied into
 * that node's to-space).
 */
class NumaEden implements Collector {
    @Override
    public String name() {
        return "numa-eden";
    }

    @Override
    public String description() {
        return "allocation on the allocating thread's node; survivors stay on their node";
    }

    @Override
    public int allocationNode(int threadNode) {
        return threadNode;
    }

    @Override
    public int copyNode(int homeNode, int ownerNode, int voteNode, int votes, int age, long collection) {
        return homeNode;
    }
}
