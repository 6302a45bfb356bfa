package com.numa.bench.profiler;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Small built-in workloads for the profiler's overhead figures, each a different access mix: reference-chasing
 * (object graph), reference arrays shared by threads, JDK collections, and primitive arrays (matrix). Each runs two
 * threads over a fixed amount of work and returns a checksum so the JIT cannot drop it.
 */
public final class ProfilerWorkloads {
    private ProfilerWorkloads() {
    }

    public static final String[] NAMES = {"object-graph", "array-exchange", "hashmap", "matrix"};

    /** Runs {@code name} at {@code scale} (1 = roughly 0.3 to 0.8 s per iteration without profiling on a 2-core VM). */
    public static long run(String name, double scale) throws InterruptedException {
        switch (name) {
            case "object-graph": return twoThreads(ProfilerWorkloads::objectGraph, scale);
            case "array-exchange": return arrayExchange(scale);
            case "hashmap": return twoThreads(ProfilerWorkloads::hashMap, scale);
            case "matrix": return twoThreads(ProfilerWorkloads::matrix, scale);
            default: throw new IllegalArgumentException("unknown workload '" + name + "'; known: " + String.join(", ", NAMES));
        }
    }

    interface Work {
        long run(double scale);
    }

    private static long twoThreads(Work w, double scale) throws InterruptedException {
        long[] out = new long[2];
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            int k = i;
            ts[i] = new Thread(() -> out[k] = w.run(scale), "workload-" + i);
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        return out[0] + out[1];
    }

    static final class Node {
        Node next;
        Object payload;
        int value;
    }

    /** Puts {@code a} in a fixed pseudo-random order (Fisher-Yates over a 64-bit LCG seeded 42), the same every run. */
    static void shuffle(Object[] a) {
        long seed = 42;
        for (int i = a.length - 1; i > 0; i--) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int j = (int) ((seed >>> 33) % (i + 1));
            Object t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** Builds a 100k-node ring in shuffled order and walks it: mostly reference field reads. */
    static long objectGraph(double scale) {
        int n = 100_000;
        Node[] nodes = new Node[n];
        for (int i = 0; i < n; i++) {
            nodes[i] = new Node();
            nodes[i].value = i;
            nodes[i].payload = nodes;
        }
        shuffle(nodes);
        for (int i = 0; i < n; i++) {
            nodes[i].next = nodes[(i + 1) % n];
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

    /** Two threads move references around one shared Object[] and their own: reference array loads and stores. */
    static long arrayExchange(double scale) throws InterruptedException {
        Object[] shared = new Object[4096];
        for (int i = 0; i < shared.length; i++) {
            shared[i] = Integer.valueOf(i);
        }
        CountDownLatch go = new CountDownLatch(1);
        long[] out = new long[2];
        Thread[] ts = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int k = t;
            ts[t] = new Thread(() -> {
                Object[] mine = new Object[4096];
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                long sum = 0;
                long rounds = (long) (40_000 * scale);
                for (long r = 0; r < rounds; r++) {
                    for (int i = k; i < 4096; i += 2) {
                        Object o = shared[i];
                        mine[i] = o;
                        shared[i] = mine[(i + 1) & 4095] == null ? o : mine[(i + 1) & 4095];
                        sum += o.hashCode() & 1;
                    }
                }
                out[k] = sum;
            }, "exchange-" + t);
            ts[t].start();
        }
        go.countDown();
        for (Thread t : ts) {
            t.join();
        }
        return out[0] + out[1];
    }

    /** HashMap puts and gets on boxed keys: application code calling JDK collections. */
    static long hashMap(double scale) {
        Map<Integer, int[]> m = new HashMap<>();
        long sum = 0;
        long ops = (long) (20_000_000 * scale);
        for (long i = 0; i < ops; i++) {
            int k = (int) (i % 50_000);
            int[] v = m.get(k);
            if (v == null) {
                v = new int[1];
                m.put(k, v);
            }
            v[0]++;
            sum += v[0];
        }
        return sum;
    }

    /** Dense double matrix multiplication: primitive array accesses, row loads are references. */
    static long matrix(double scale) {
        int n = 160;
        double[][] a = new double[n][n];
        double[][] b = new double[n][n];
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = i + j;
                b[i][j] = i - j;
            }
        }
        int reps = Math.max(1, (int) (400 * scale));
        for (int r = 0; r < reps; r++) {
            for (int i = 0; i < n; i++) {
                double[] ai = a[i];
                double[] ci = c[i];
                for (int k = 0; k < n; k++) {
                    double aik = ai[k];
                    double[] bk = b[k];
                    for (int j = 0; j < n; j++) {
                        ci[j] += aik * bk[j];
                    }
                }
            }
        }
        return (long) c[n / 2][n / 3];
    }
}
