package com.numa.gc.heap;

/**
 * G1 with NUMA support (JEP 345): eden regions per node, a survivor is evacuated into a survivor region of the node
 * of the region it came from, and old regions are not NUMA-aware (interleaved here).
 */
final class G1NumaModel implements Collector {
    @Override
    public String name() {
        return "g1-numa";
    }

    @Override
    public String description() {
        return "model of G1 JEP 345: eden and survivor regions per node, old regions not NUMA-aware";
    }

    @Override
    public int allocationNode(int threadNode) {
        return threadNode;
    }

    @Override
    public int copyNode(int homeNode, int ownerNode, int voteNode, int votes, int age, long collection) {
        return age + 1 >= Generation.TENURE_AGE ? ANY : homeNode;
    }
}
