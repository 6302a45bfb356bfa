package com.numa.profiler.tracking;

import com.numa.core.log.NumaLog;
import com.numa.perfutil.affinity.Affinity;
import com.numa.core.topology.NumaTopology;

/** The node the calling thread runs on right now, or -1 when unknown. An interface so tests can script nodes. */
public interface NodeLocator {
    int currentNode();

    /** sched_getcpu mapped through a real or emulated topology; after the first failure it answers -1 (reported once). */
    static NodeLocator of(NumaTopology topology, NumaLog log) {
        return new NodeLocator() {
            private volatile boolean broken;

            @Override
            public int currentNode() {
                if (broken) {
                    return -1;
                }
                try {
                    return Affinity.currentNode(topology);
                } catch (Throwable t) {
                    broken = true;
                    log.once("getcpu", "cannot read the current CPU (" + t
                            + "); predicted-remote counts are off. On JDK 22+ pass --enable-native-access=ALL-UNNAMED");
                    return -1;
                }
            }
        };
    }
}
