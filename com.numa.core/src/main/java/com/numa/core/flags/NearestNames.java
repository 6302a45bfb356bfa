package com.numa.core.flags;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** "Did you mean": the known names closest to a misspelt one, by edit distance, for error messages. */
public final class NearestNames {
    private NearestNames() {
    }

    private record Candidate(String name, int distance) {
    }

    /** Up to {@code limit} names from {@code known} closest to {@code wanted} (case-insensitive), nearest first. */
    public static List<String> of(String wanted, Collection<String> known, int limit) {
        String w = wanted.toLowerCase(Locale.ROOT);
        int cutoff = Math.max(3, w.length() / 2);
        return known.stream()
                .map(k -> new Candidate(k, distance(w, k.toLowerCase(Locale.ROOT))))
                .filter(c -> c.distance() <= cutoff || c.name().toLowerCase(Locale.ROOT).contains(w))
                .sorted(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name))
                .limit(limit)
                .map(Candidate::name)
                .toList();
    }

    /** Levenshtein distance (case-sensitive). */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
