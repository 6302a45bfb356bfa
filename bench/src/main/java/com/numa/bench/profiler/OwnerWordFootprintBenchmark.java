package com.numa.bench.profiler;

import com.numa.bench.workloads.ObjectGraph;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the profiler's injected 8-byte owner word costs by footprint alone, with no agent and no hooks: object-graph's
 * walk (see {@link ObjectGraph}) over a shuffled ring of 24-byte nodes, and over the same ring of nodes with one
 * more {@code long}, which the JVM lays out as 32 bytes, the size the injected word gives object-graph's nodes. The
 * walk chases pointers, so its speed is where the ring falls in the cache hierarchy: on a core whose L2 holds 2.4 MB
 * but not 3.2 MB the padded ring is much slower, and no sampling rate can win that back.
 * {@code java -jar bench/target/benchmarks.jar OwnerWordFootprint}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class OwnerWordFootprintBenchmark {
    static class Node {
        Node next;
        Object payload;
        int value;
    }

    /** One more field of the owner word's size: 12-byte header + 3 × 4 = 24 bytes becomes 32. */
    static final class PaddedNode extends Node {
        long word;
    }

    @Param({"false", "true"})
    boolean padded;

    /** Nodes in the ring; object-graph's own size. */
    @Param({"100000"})
    int nodes;

    private Node start;

    @Setup
    public void setUp() {
        Node[] ring = new Node[nodes];
        for (int i = 0; i < nodes; i++) {
            ring[i] = padded ? new PaddedNode() : new Node();
            ring[i].value = i;
            ring[i].payload = ring;
        }
        ObjectGraph.shuffle(ring);
        for (int i = 0; i < nodes; i++) {
            ring[i].next = ring[(i + 1) % nodes];
        }
        start = ring[0];
    }

    /** One million steps of the walk. */
    @Benchmark
    public long walk() {
        long sum = 0;
        Node p = start;
        for (int s = 0; s < 1_000_000; s++) {
            sum += p.value;
            if (p.payload == null) {
                sum++;
            }
            p = p.next;
        }
        return sum;
    }
}
