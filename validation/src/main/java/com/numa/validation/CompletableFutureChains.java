package com.numa.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Serves requests as CompletableFuture chains on the default executor: fetch (supplyAsync), parse (thenApplyAsync),
 * score (thenApply), all joined by main with allOf. Arguments: requests (400), payload size (40,000).
 */
public final class CompletableFutureChains {
    public static void main(String[] args) {
        int requests = Args.positive(args, 0, "requests", 400);
        int size = Args.positive(args, 1, "payload size", 40_000);
        List<CompletableFuture<Long>> chains = new ArrayList<>();
        for (int r = 0; r < requests; r++) {
            int request = r;
            chains.add(CompletableFuture.supplyAsync(() -> fetch(request, size))
                    .thenApplyAsync(CompletableFutureChains::parse)
                    .thenApply(CompletableFutureChains::score));
        }
        CompletableFuture.allOf(chains.toArray(new CompletableFuture<?>[0])).join();
        long total = 0;
        for (CompletableFuture<Long> c : chains) {
            total += c.join();
        }
        System.out.println("requests=" + requests + " score=" + total);
    }

    static int[] fetch(int request, int size) {
        int[] payload = new int[size];
        int x = request * 2654435 + 1;
        for (int i = 0; i < size; i++) {
            x = x * 1103515245 + 12345;
            payload[i] = (x >>> 8) & 0xFFFF;
        }
        return payload;
    }

    static int[] parse(int[] payload) {
        int[] histogram = new int[64];
        for (int v : payload) {
            histogram[(int) (Math.sqrt(v) / 4.01)]++;
        }
        return histogram;
    }

    static long score(int[] histogram) {
        long s = 0;
        for (int i = 0; i < histogram.length; i++) {
            s += (long) histogram[i] * i;
        }
        return s;
    }
}
