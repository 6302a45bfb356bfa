package com.numa.gc.heap;

/**
 * A placement policy of the research heap: where a thread's allocations go and where each survivor is copied. Every
 * policy runs on the same parallel copying engine ({@link ParallelCopier}); a policy is only these decisions, so
 * each one is a few lines and a test can ask it directly. {@link #ANY} means "no particular node": the space is
 * interleaved region by region over all nodes, which is also what a NUMA-oblivious heap gets from first touch by
 * threads on every node.
 */
public interface Collector {
    /** No node preference: interleave. */
    int ANY = -1;

    /** The policy's name as given to {@code --policy}. */
    String name();

    /** One line for help and reports. */
    String description();

    /** The node whose to-space serves the TLABs of a thread running on {@code threadNode}, or {@link #ANY}. */
    int allocationNode(int threadNode);

    /**
     * The node whose to-space receives a survivor, or {@link #ANY}. {@code homeNode}: where it lives now;
     * {@code ownerNode}: node of its last writer (or allocator); {@code voteNode}/{@code votes}: the node that won
     * the majority vote of its accesses (-1 when none) and the margin; {@code age}: collections survived so far;
     * {@code collection}: the number of this collection, from 1.
     */
    int copyNode(int homeNode, int ownerNode, int voteNode, int votes, int age, long collection);

    /**
     * True when GC threads of the destination node should do the copying (work is queued by destination node);
     * false when a GC thread copies what it finds (work stays with the discovering thread's node).
     */
    default boolean copiesOnDestinationNode() {
        return false;
    }
}
