package com.numa.profiler.groundtruth;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A new user's first try: 4 threads update one synchronized HashMap and one AtomicLong. Every write goes through JDK
 * classes loaded before any agent (HashMap, Collections$SynchronizedMap, AtomicLong), so a study that sees only the
 * application's own classes sees almost nothing of it. Each round ({@link Rounds}) every thread increments the counter
 * and merges into the key another thread merged into the round before, so at least three of the four counter writes
 * of a round, and map writes, are shared writes (owner = last writer). Prints a deterministic checksum.
 */
public final class SynchronizedMapAndCounterProgram {
    static final int THREADS = 4;
    static final int KEYS = 64;

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        Map<Integer, Long> map = Collections.synchronizedMap(new HashMap<>());
        AtomicLong counter = new AtomicLong();
        Rounds.run(THREADS, rounds, "map-worker-", (me, round) -> {
            map.merge((me + round) % KEYS, 1L, Long::sum);
            counter.incrementAndGet();
        });
        long sum = 0;
        for (long v : map.values()) {
            sum += v;
        }
        System.out.println("entries=" + map.size() + " sum=" + sum + " counter=" + counter.get());
    }
}
