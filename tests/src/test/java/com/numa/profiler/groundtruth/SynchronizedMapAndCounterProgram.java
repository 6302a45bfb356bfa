package com.numa.profiler.groundtruth;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A new user's first try: 4 threads update one synchronized HashMap and one AtomicLong. Every write goes through JDK
 * classes loaded before any agent (HashMap, Collections$SynchronizedMap, AtomicLong), so a study that sees only the
 * application's own classes sees almost nothing of it. The threads meet at a barrier after every update, so that their
 * updates interleave on any machine (a lock's holder otherwise keeps it for long runs on few CPUs): each round every
 * thread increments the counter and merges into a key another thread merged into in the round before, so at least
 * three of its four counter writes and its map writes are shared writes (owner = last writer). Prints a deterministic
 * checksum.
 */
public final class SynchronizedMapAndCounterProgram {
    static final int THREADS = 4;
    static final int KEYS = 64;

    public static void main(String[] args) throws InterruptedException {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        CyclicBarrier round = new CyclicBarrier(THREADS);
        Map<Integer, Long> map = Collections.synchronizedMap(new HashMap<>());
        AtomicLong counter = new AtomicLong();
        Thread[] workers = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int first = t;
            workers[t] = new Thread(() -> {
                for (int i = 0; i < iterations; i++) {
                    map.merge((first + i) % KEYS, 1L, Long::sum);
                    counter.incrementAndGet();
                    await(round);
                }
            }, "map-worker-" + t);
        }
        for (Thread w : workers) {
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        long sum = 0;
        for (long v : map.values()) {
            sum += v;
        }
        System.out.println("entries=" + map.size() + " sum=" + sum + " counter=" + counter.get());
    }

    static void await(CyclicBarrier b) {
        try {
            b.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException(e);
        }
    }
}
