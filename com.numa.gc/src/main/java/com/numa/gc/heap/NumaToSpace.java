package com.numa.gc.heap;

/**
 * One to-space per node: a thread allocates in its node's to-space, and a survivor is copied into the to-space of
 * its owner's node (owner = last writer, else allocator) by GC threads of that node, so the copy's pages are written
 * where they will be used.
 */
final class NumaToSpace implements Collector {
    @Override
    public String name() {
        return "numa-tospace";
    }

    @Override
    public String description() {
        return "per-node to-spaces; survivors copied to their owner's (last writer's) node by that node's GC threads";
    }

    @Override
    public int allocationNode(int threadNode) {
        return threadNode;
    }

    @Override
    public int copyNode(int homeNode, int ownerNode, int voteNode, int votes, int age, long collection) {
        return ownerNode;
    }

    @Override
    public boolean copiesOnDestinationNode() {
        return true;
    }
}
