package com.example.stats;

/** The layout {@link RequestStats} had before its fix: both counters in one cache line (the regression to catch). */
public final class UnpaddedRequestStats {
    public volatile long hits;
    public volatile long misses;

    public void hit() {
        hits++;
    }

    public void miss() {
        misses++;
    }
}
