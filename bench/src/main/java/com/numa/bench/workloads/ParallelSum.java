package com.numa.bench.workloads;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * A small built-in workload for trying the agent: named worker threads ({@code parallel-sum-worker-N}) each own a
 * slice of a shared array and sum it over and over for a fixed time, so per-thread counters show one busy thread per
 * worker next to the JVM's own threads.
 *
 * <p>{@code java com.numa.bench.workloads.ParallelSum [threads=2] [seconds=2] [megabytes=64]}
 */
public final class ParallelSum {

    private ParallelSum() {
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? positive(args[0], "threads") : 2;
        int seconds = args.length > 1 ? positive(args[1], "seconds") : 2;
        int megabytes = args.length > 2 ? positive(args[2], "megabytes") : 64;
        long[] data = new long[(int) Math.min(Integer.MAX_VALUE - 8, megabytes * (1L << 20) / Long.BYTES)];
        for (int i = 0; i < data.length; i++) {
            data[i] = i;
        }
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        LongAdder passes = new LongAdder();
        long[] sums = new long[threads];
        List<Thread> workers = new ArrayList<>();
        int slice = data.length / threads;
        for (int t = 0; t < threads; t++) {
            int id = t;
            int from = t * slice;
            int to = t == threads - 1 ? data.length : from + slice;
            Thread w = new Thread(() -> {
                long sum = 0;
                do {
                    for (int i = from; i < to; i++) {
                        sum += data[i];
                    }
                    passes.increment();
                } while (System.nanoTime() < deadline);
                sums[id] = sum;
            }, "parallel-sum-worker-" + t);
            workers.add(w);
            w.start();
        }
        long total = 0;
        for (int t = 0; t < threads; t++) {
            workers.get(t).join();
            total += sums[t];
        }
        System.out.printf("ParallelSum: %d thread(s), %d MiB, %d pass(es) over a slice, checksum %d%n",
                threads, megabytes, passes.sum(), total);
    }

    private static int positive(String arg, String what) {
        try {
            int v = Integer.parseInt(arg);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // falls through to the message
        }
        throw new IllegalArgumentException(what + " must be a positive integer, got '" + arg + "'");
    }
}
