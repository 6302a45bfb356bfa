package com.example.stats;

/**
 * Hits and misses of a cache, each counted by its own thread. The two counters are kept 128 bytes apart (more than a
 * cache line, or a pair of lines on CPUs that fetch two), so the two threads never write the same line: without the
 * padding each write invalidates the other thread's copy of the line (false sharing). The padding goes through the class
 * hierarchy because the JVM lays out a superclass's fields first, whatever their sizes, but may reorder one class's.
 */
public final class RequestStats extends HitsThenPadding {
    public volatile long misses;

    public void hit() {
        hits++;
    }

    public void miss() {
        misses++;
    }
}

/** The hits counter. */
class Hits {
    public volatile long hits;
}

/** 16 longs of padding after the hits counter. */
class HitsThenPadding extends Hits {
    long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
}
