package com.numa.gc.replay;

import com.numa.gc.heap.AccessCounts;
import com.numa.gc.heap.HeapStats;
import com.numa.gc.heap.PlacementCheck;
import java.util.List;

/**
 * One policy's replay of one trace: the access counts by generation, what the collector did, and the provenance
 * (topology, binding, anything that could not be pinned).
 */
public record ReplayResult(String policy, String topology, long events, AccessCounts accesses, HeapStats heap,
        PauseStats pauses, PlacementCheck placement, String binding, List<String> notes) {

    /** Bytes copied per second of pause time, in MB/s (10^6 bytes). */
    public double copyMbPerS() {
        long ns = heap.totalPauseNs();
        return ns == 0 ? 0 : heap.bytesCopied() / 1e6 / (ns / 1e9);
    }
}
