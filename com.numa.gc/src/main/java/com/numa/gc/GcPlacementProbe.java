package com.numa.gc;

import com.numa.perfutil.topology.MachineTopology;
import com.numa.gc.heap.Collectors;
import com.numa.gc.heap.PlacementCheck;
import com.numa.gc.heap.ResearchHeap;
import com.numa.gc.heap.ThreadPinning;
import com.numa.core.topology.NumaTopology;

/**
 * Where do the to-spaces really live? On the machine's own topology (real nodes; run it in tools/numa-guest for
 * two), numa-tospace copies objects owned by each node's threads into that node's to-space; the kernel (move_pages)
 * is then asked where sampled pages of live regions are, against the region table. Prints one line per check and
 * exits 1 when a sampled page is elsewhere.
 */
public final class GcPlacementProbe {
    private GcPlacementProbe() {
    }

    public static void main(String[] args) {
        NumaTopology topology = MachineTopology.real();
        int nodes = topology.nodeCount();
        try (ResearchHeap heap = new ResearchHeap(topology, (8L << 20) * nodes, Collectors.byName("numa-tospace"), 1,
                ThreadPinning.affinity(topology))) {
            System.out.println("topology: " + topology);
            System.out.println("arena: " + heap.binding());
            for (int n = 0; n < nodes; n++) {
                heap.threadStarted(n, n);
            }
            int[] perNode = new int[nodes];
            for (long id = 1; id <= 2000; id++) {
                int allocator = (int) (id % nodes);
                int writer = (int) ((id + 1) % nodes); // each object is owned by the next node's thread
                heap.allocate(allocator, id, 0, 256);
                heap.setRoot((int) id, id);
                heap.write(writer, id);
            }
            heap.collect();
            for (long id = 1; id <= 2000; id++) {
                perNode[heap.nodeOf(id)]++;
            }
            for (int n = 0; n < nodes; n++) {
                System.out.println("objects in node " + n + "'s to-space: " + perNode[n]);
            }
            PlacementCheck check = heap.checkPlacement(512, 7);
            System.out.println("move_pages: " + check.agree() + " of " + check.sampled() + " sampled pages on the node "
                    + "the region table says, " + check.absent() + " absent"
                    + (check.error() == null ? "" : ", " + check.error()));
            System.out.println("GC pinning problems: " + heap.pinningProblems());
            System.exit(check.error() == null && check.agree() == check.sampled() ? 0 : 1);
        }
    }
}
