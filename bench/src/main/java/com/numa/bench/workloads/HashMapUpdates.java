package com.numa.bench.workloads;

import java.util.HashMap;
import java.util.Map;

/** Two threads each count into their own HashMap on boxed keys: application code calling JDK collections. */
final class HashMapUpdates {
    private HashMapUpdates() {
    }

    static long run(double scale) throws InterruptedException {
        return WorkerThreads.sum("workload-", 2, k -> updates(scale));
    }

    private static long updates(double scale) {
        Map<Integer, int[]> m = new HashMap<>();
        long sum = 0;
        long ops = (long) (20_000_000 * scale);
        for (long i = 0; i < ops; i++) {
            int key = (int) (i % 50_000);
            int[] v = m.get(key);
            if (v == null) {
                v = new int[1];
                m.put(key, v);
            }
            v[0]++;
            sum += v[0];
        }
        return sum;
    }
}
