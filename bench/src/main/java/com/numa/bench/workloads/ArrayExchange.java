package com.numa.bench.workloads;

/**
 * Two threads move references around one shared Object[] and their own: reference array loads and stores. Thread k
 * takes the elements i ≡ k (mod 2) of the shared array, so the checksum does not depend on the interleaving.
 */
final class ArrayExchange {
    private static final int LENGTH = 4096;

    private ArrayExchange() {
    }

    static long run(double scale) throws InterruptedException {
        Object[] shared = new Object[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            shared[i] = Integer.valueOf(i);
        }
        long rounds = (long) (40_000 * scale);
        return WorkerThreads.sum("exchange-", 2, k -> {
            Object[] mine = new Object[LENGTH];
            long sum = 0;
            for (long r = 0; r < rounds; r++) {
                for (int i = k; i < LENGTH; i += 2) {
                    Object o = shared[i];
                    mine[i] = o;
                    shared[i] = mine[(i + 1) & (LENGTH - 1)] == null ? o : mine[(i + 1) & (LENGTH - 1)];
                    sum += o.hashCode() & 1;
                }
            }
            return sum;
        });
    }
}
