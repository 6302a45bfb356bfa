package com.numa.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Counts the words of a shared, read-only list in a ConcurrentHashMap from a pool of one thread per CPU (the way most
 * programs size a pool). Arguments: words (1,000,000), passes over the list (6), threads (available processors).
 */
public final class ConcurrentWordCount {
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        int size = Args.positive(args, 0, "words", 1_000_000);
        int passes = Args.positive(args, 1, "passes", 6);
        int threads = Args.positive(args, 2, "threads", Runtime.getRuntime().availableProcessors());
        List<String> vocabulary = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            vocabulary.add("w" + Integer.toString(i * 7919, 36));
        }
        List<String> words = new ArrayList<>(size);
        long x = 42;
        for (int i = 0; i < size; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            words.add(vocabulary.get((int) ((x >>> 33) % vocabulary.size())));
        }
        Map<String, Long> counts = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        int chunks = threads * 8;
        for (int pass = 0; pass < passes; pass++) {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < chunks; c++) {
                int from = (int) ((long) size * c / chunks);
                int to = (int) ((long) size * (c + 1) / chunks);
                done.add(pool.submit(() -> {
                    for (String w : words.subList(from, to)) {
                        counts.merge(w, 1L, Long::sum);
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
        pool.shutdown();
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        System.out.println("distinct=" + counts.size() + " total=" + total);
    }
}
