package com.numa.core.classification;

import java.util.ArrayList;
import java.util.List;

/**
 * When a thread was alive, as far as its counts show: from when its counting began to when it was last seen, and
 * whether it had ended by then (a thread that had not ended may have lived on past the last reading). Times are one
 * clock's nanoseconds (PerfUtil's System.nanoTime); {@link #UNKNOWN} where the source does not say.
 *
 * <p>Both ends come late by as much as the source's polling (PerfUtil's thread watch opens a new thread's counters and
 * takes an ended thread's final reading at its next look), and by about as much at either end, so which threads lived
 * at the same time survives it.
 *
 * @param startNs    when counting began; negative when unknown
 * @param lastSeenNs when the thread was last read (its final reading when it had ended)
 * @param ended      the thread had exited by {@code lastSeenNs}
 */
public record Lifetime(long startNs, long lastSeenNs, boolean ended) {

    /** A thread whose life the source does not record. */
    public static final Lifetime UNKNOWN = new Lifetime(-1, -1, false);

    public boolean known() {
        return startNs >= 0 && lastSeenNs >= startNs;
    }

    /** The end of its life as far as overlaps go: a thread that had not ended lived on. */
    long endNs() {
        return ended ? lastSeenNs : Long.MAX_VALUE;
    }

    /**
     * The most of these threads alive at one moment; -1 when any life is unknown. Two lives that only touch (one ends
     * as the other starts) count as one after the other.
     */
    public static int mostAliveAtOnce(List<Lifetime> lives) {
        List<long[]> edges = new ArrayList<>();
        for (Lifetime l : lives) {
            if (!l.known()) {
                return -1;
            }
            edges.add(new long[] {l.startNs, 1});
            edges.add(new long[] {l.endNs(), -1});
        }
        // at equal times an end goes before a start
        edges.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int alive = 0;
        int most = 0;
        for (long[] e : edges) {
            alive += (int) e[1];
            most = Math.max(most, alive);
        }
        return most;
    }

    /**
     * Whether these threads took turns: at most half of them were ever alive at once, so each place in the pool was
     * held by two threads or more one after the other. False when any life is unknown: threads that may have lived
     * together are never taken for one pool that turned over.
     */
    public static boolean tookTurns(List<Lifetime> lives) {
        int most = mostAliveAtOnce(lives);
        return most > 0 && 2 * most <= lives.size();
    }

    /**
     * How far apart these threads began to be counted, as a share of the time they span (the first start to the last
     * reading), in percent; NaN for fewer than two threads or an unknown life. A thread counted from later in the window
     * holds less of the window's work whatever the program does: start-up order, not the work's balance.
     */
    public static double startSpreadPct(List<Lifetime> lives) {
        if (lives.size() < 2) {
            return Double.NaN;
        }
        long first = Long.MAX_VALUE;
        long lastStart = Long.MIN_VALUE;
        long lastSeen = Long.MIN_VALUE;
        for (Lifetime l : lives) {
            if (!l.known()) {
                return Double.NaN;
            }
            first = Math.min(first, l.startNs);
            lastStart = Math.max(lastStart, l.startNs);
            lastSeen = Math.max(lastSeen, l.lastSeenNs);
        }
        return lastSeen > first ? 100.0 * (lastStart - first) / (lastSeen - first) : Double.NaN;
    }
}
