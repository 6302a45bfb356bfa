package com.numa.opt;

import com.numa.core.topology.NumaTopology;

/** The Act step's optional hands for memory (-XX:NUMAOptsMemPolicy). */
public interface MemoryPlacement {

    /** Memory follows the threads onto node {@code nodeIndex} of {@code topology}, or, with -1, back to all nodes. */
    void follow(int nodeIndex, NumaTopology topology);

    /** The paper's choice: affinity only. */
    MemoryPlacement NONE = (nodeIndex, topology) -> { };
}
