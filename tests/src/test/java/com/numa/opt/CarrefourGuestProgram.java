package com.numa.opt;

import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaTopology;
import com.numa.perfutil.affinity.Affinity;
import com.numa.perfutil.locality.MemoryRanges;
import com.numa.perfutil.topology.MachineTopology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Run inside the 2-node guest by {@link CarrefourGuestIT}, and by the Carrefour measurements: the main thread
 * first-touches a {@code long[]} of {@code args[2]} MiB (element i holds i) on node 0, then reader threads sum it
 * over and over for {@code args[1]} seconds, or {@code args[1]} = {@code Np}: N passes each (a fixed amount of work,
 * for wall times). {@code args[0]}: {@code collocate} (readers on node 1 only: the array is read from one remote node)
 * or {@code interleave} (readers on both nodes: every page is read from both, all of them on node 0); {@code args[3]}
 * readers per reading node (default 2 for collocate, 1 for interleave). Prints key=value lines: the Java heap's
 * resident pages per node before the readers start and after they end (from /proc/self/numa_maps), the passes, the
 * reading time and whether every pass summed right.
 */
public final class CarrefourGuestProgram {
    private CarrefourGuestProgram() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        boolean fixed = args[1].endsWith("p");
        long amount = Long.parseLong(fixed ? args[1].substring(0, args[1].length() - 1) : args[1]);
        int mib = Integer.parseInt(args[2]);
        boolean both = "interleave".equals(mode);
        int perNode = args.length > 3 ? Integer.parseInt(args[3]) : both ? 1 : 2;
        NumaTopology topology = MachineTopology.real();
        CpuSet node0 = topology.node(0).cpus();
        CpuSet node1 = topology.node(topology.nodeCount() - 1).cpus();
        Affinity.pinThread(0, node0);
        long[] data = new long[mib << 17];
        for (int i = 0; i < data.length; i++) {
            data[i] = i;
        }
        long expected = (long) data.length * (data.length - 1) / 2;
        MemoryRanges ranges = MemoryRanges.ofPlatformServer();
        ranges.refresh(List.of());
        List<MemoryRanges.Range> heap = ranges.jvmRanges().stream()
                .filter(r -> r.name().startsWith(MemoryRanges.HEAP)).toList();
        System.out.println("heap_before=" + heapPages(heap));
        CpuSet[] where = new CpuSet[both ? 2 * perNode : perNode];
        for (int r = 0; r < where.length; r++) {
            where[r] = both && r % 2 == 0 ? node0 : node1;
        }
        long start = System.nanoTime();
        long end = fixed ? Long.MAX_VALUE : start + amount * 1_000_000_000L;
        long[] passes = new long[where.length];
        boolean[] wrong = new boolean[where.length];
        Thread[] readers = new Thread[where.length];
        for (int r = 0; r < readers.length; r++) {
            int me = r;
            readers[r] = new Thread(() -> {
                Affinity.pinThread(0, where[me]);
                do {
                    long s = 0;
                    for (long v : data) {
                        s += v;
                    }
                    wrong[me] |= s != expected;
                    passes[me]++;
                } while (fixed ? passes[me] < amount : System.nanoTime() < end);
            }, "reader-" + r);
            readers[r].start();
        }
        // the main thread leaves node 0's CPU to the reader there; it only waits
        Affinity.pinThread(0, node1);
        boolean right = true;
        for (int r = 0; r < readers.length; r++) {
            readers[r].join();
            right &= !wrong[r];
            System.out.println("passes_" + r + "=" + passes[r]);
        }
        System.out.println("read_ms=" + (System.nanoTime() - start) / 1_000_000);
        System.out.println("heap_after=" + heapPages(heap));
        System.out.println("sums_right=" + right);
    }

    /** Resident pages of the mappings that start inside the heap, per node, as "N0:count,N1:count". */
    static String heapPages(List<MemoryRanges.Range> heap) throws Exception {
        long[] perNode = new long[2];
        for (String line : Files.readAllLines(Path.of("/proc/self/numa_maps"))) {
            long start = Long.parseUnsignedLong(line.substring(0, line.indexOf(' ')), 16);
            if (heap.stream().noneMatch(r -> Long.compareUnsigned(start, r.start()) >= 0
                    && Long.compareUnsigned(start, r.end()) < 0)) {
                continue;
            }
            for (String f : line.split(" ")) {
                if (f.matches("N[01]=\\d+")) {
                    perNode[f.charAt(1) - '0'] += Long.parseLong(f.substring(3));
                }
            }
        }
        return "N0:" + perNode[0] + ",N1:" + perNode[1];
    }
}
