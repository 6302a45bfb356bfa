package com.numa.opt;

import java.util.concurrent.atomic.LongAdder;

/**
 * Application-reported progress, the throughput signal of choice where the machine has no cycle/instruction counters
 * (-XX:NUMAOptsSignal=progress, or auto once anything was reported). An application calls {@link #add(long)} with
 * units of useful work it completed (requests served, items processed); the probe then compares wall time per unit on
 * one node against all nodes. A LongAdder keeps the call contention-free; without the optimizer it costs the same.
 */
public final class Progress {
    private static final LongAdder UNITS = new LongAdder();

    private Progress() {
    }

    public static void add(long units) {
        UNITS.add(units);
    }

    /** Units reported since the JVM started. */
    public static long total() {
        return UNITS.sum();
    }
}
