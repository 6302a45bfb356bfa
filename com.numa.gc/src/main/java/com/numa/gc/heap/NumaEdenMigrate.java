package com.numa.gc.heap;

/**
 * NUMA-Eden plus object migration during collection: every {@link #PERIOD}th collection, an object that has already
 * survived one moves to the node that won the majority vote of its accesses (the paper's finding: migration pays for
 * old objects, not young ones).
 */
final class NumaEdenMigrate extends NumaEden {
    /** Migrate at every second collection: often enough to follow phase changes, not on every copy. */
    static final int PERIOD = 2;
    /** A vote margin below this is noise (a single access), not a preference. */
    static final int MIN_VOTES = 2;

    @Override
    public String name() {
        return "numa-eden-migrate";
    }

    @Override
    public String description() {
        return "numa-eden, and every " + PERIOD + "nd collection long-lived objects move to the node that accessed "
                + "them most";
    }

    @Override
    public int copyNode(int homeNode, int ownerNode, int voteNode, int votes, int age, long collection) {
        boolean migrate = age >= 1 && collection % PERIOD == 0 && voteNode >= 0 && votes >= MIN_VOTES;
        return migrate ? voteNode : homeNode;
    }
}
