package com.numa.opt;

import com.numa.perfutil.topology.NumaNode;
import com.numa.perfutil.topology.NumaTopology;

/** The Act step's optional hands for memory (-XX:NUMAOptsMemPolicy). */
public interface MemoryPlacement {

    /** Memory follows the threads onto {@code node}, or, with null, back to all nodes. */
    void follow(NumaNode node, NumaTopology topology);

    /** The paper's choice: affinity only. */
    MemoryPlacement NONE = (node, topology) -> { };
}
