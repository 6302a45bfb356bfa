package com.numa.bench.gc;

import com.numa.perfutil.topology.MachineTopology;
import com.numa.gc.heap.Collectors;
import com.numa.gc.heap.ResearchHeap;
import com.numa.gc.heap.ThreadPinning;
import com.numa.core.topology.NumaTopologies;
import com.numa.core.topology.NumaTopology;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Copy throughput of the research heap's collectors on one node: each operation is one collection that evacuates the
 * same live set (a binary tree of 2^15 objects of 96 bytes, 3 MiB), so collections per second compare the copying
 * engines directly. numa-tospace pays for choosing a destination per object and queueing by destination node; on one
 * node that is pure overhead, and the target is at least 0.9x the baseline. The {@code mbPerS} counter gives the same
 * in MB copied per second.
 * {@code java -jar bench/target/benchmarks.jar CopyThroughput -f 1 -wi 2 -i 3}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CopyThroughputBenchmark {
    private static final int OBJECTS = 1 << 15;

    @Param({"baseline", "numa-tospace"})
    String policy;

    @Param({"2"})
    int gcThreads;

    private ResearchHeap heap;

    /** Bytes copied, reported per second by JMH. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Copied {
        public long bytes;

        public double mbPerS() {
            return bytes / 1e6;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        NumaTopology oneNode = NumaTopologies.split(MachineTopology.real(), 1);
        heap = new ResearchHeap(oneNode, 64L << 20, Collectors.byName(policy), gcThreads,
                ThreadPinning.affinity(oneNode));
        heap.threadStarted(0, 0);
        for (long id = 1; id <= OBJECTS; id++) {
            heap.allocate(0, id, 2, 48);
            if (id > 1) {
                heap.storeReference(0, id / 2, (int) (id % 2), id); // the tree: node i holds 2i and 2i+1
            }
        }
        heap.setRoot(0, 1);
    }

    @Benchmark
    public void collect(Copied copied) {
        long before = heap.stats().bytesCopied();
        heap.collect();
        copied.bytes += heap.stats().bytesCopied() - before;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        heap.close();
    }
}
