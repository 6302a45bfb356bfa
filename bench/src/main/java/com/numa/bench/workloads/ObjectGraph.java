package com.numa.bench.workloads;

/** Two threads each walk a 100k-node ring laid out in shuffled order: mostly reference field reads. */
public final class ObjectGraph {
    private static final int NODES = 100_000;

    static final class Node {
        Node next;
        Object payload;
        int value;
    }

    private ObjectGraph() {
    }

    static long run(double scale) throws InterruptedException {
        return WorkerThreads.sum("workload-", 2, k -> walk(scale));
    }

    /**
     * Puts {@code a} in a fixed pseudo-random order (Fisher-Yates over a 64-bit LCG seeded 42), the same every run;
     * OwnerWordFootprintBenchmark builds its ring with it too, so that the two walks are the same walk.
     */
    public static void shuffle(Object[] a) {
        long seed = 42;
        for (int i = a.length - 1; i > 0; i--) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int j = (int) ((seed >>> 33) % (i + 1));
            Object t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private static long walk(double scale) {
        Node[] nodes = new Node[NODES];
        for (int i = 0; i < NODES; i++) {
            nodes[i] = new Node();
            nodes[i].value = i;
            nodes[i].payload = nodes;
        }
        shuffle(nodes);
        for (int i = 0; i < NODES; i++) {
            nodes[i].next = nodes[(i + 1) % NODES];
        }
        long sum = 0;
        Node p = nodes[0];
        long steps = (long) (15_000_000 * scale);
        for (long s = 0; s < steps; s++) {
            sum += p.value;
            if (p.payload == null) {
                sum++;
            }
            p = p.next;
        }
        return sum;
    }
}
