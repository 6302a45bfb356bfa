package com.numa.gc.heap;

import com.numa.perfutil.affinity.Affinity;
import com.numa.core.topology.NumaTopology;

/** Puts the calling thread on a node's CPUs. A seam, so the heap's logic can be driven where pinning is impossible. */
@FunctionalInterface
public interface ThreadPinning {
    /** Pins the calling thread to {@code node}; returns null on success, else why it could not. */
    String pin(int node);

    /** Real sched_setaffinity on the node's CPUs (pseudo-nodes included), through perfutil. */
    static ThreadPinning affinity(NumaTopology topology) {
        return node -> {
            try {
                Affinity.pinThreadToNodes(0, topology, node);
                return null;
            } catch (RuntimeException e) {
                return "cannot pin to node " + node + ": " + e.getMessage();
            }
        };
    }

    /** No pinning (threads run where the scheduler puts them). */
    static ThreadPinning none() {
        return node -> null;
    }
}
