package com.numa.perfutil.locality;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sampled page accesses counted by thread, address range, the node the thread ran on and the node holding the page.
 * One cell per such combination; every view (per thread, per range, per node, local vs remote) is a sum over cells, so
 * the views always agree. Pure arithmetic, no I/O.
 */
public final class LocalityTally {
    /** One combination: thread, address range, node of the CPU the fault was taken on, node of the page. */
    public record Cell(int tid, String range, int cpuNode, int pageNode) {
        public boolean local() {
            return cpuNode == pageNode;
        }
    }

    /** Local and remote samples. */
    public record Split(long local, long remote) {
        public long total() {
            return local + remote;
        }

        /** remote / (local + remote), NaN without samples. */
        public double remoteShare() {
            return total() == 0 ? Double.NaN : (double) remote / total();
        }

        Split plus(Cell c, long n) {
            return c.local() ? new Split(local + n, remote) : new Split(local, remote + n);
        }
    }

    private final Map<Cell, Long> cells = new LinkedHashMap<>();
    private final Map<Integer, Long> unresolved = new TreeMap<>();

    /** Counts one sample. */
    public void add(int tid, String range, int cpuNode, int pageNode) {
        cells.merge(new Cell(tid, range, cpuNode, pageNode), 1L, Long::sum);
    }

    /**
     * Counts {@code n} samples whose page's node could not be found (gone, or unmapped by the scanner again), or that
     * the sampler had no time left to count when it stopped.
     */
    public void addUnresolved(int tid, long n) {
        unresolved.merge(tid, n, Long::sum);
    }

    public Map<Cell, Long> cells() {
        return Collections.unmodifiableMap(cells);
    }

    public Map<Integer, Long> unresolved() {
        return Collections.unmodifiableMap(unresolved);
    }

    /** All resolved samples, local and remote. */
    public Split total() {
        Split s = new Split(0, 0);
        for (Map.Entry<Cell, Long> e : cells.entrySet()) {
            s = s.plus(e.getKey(), e.getValue());
        }
        return s;
    }

    /** Per thread, ascending by tid. */
    public Map<Integer, Split> byThread() {
        Map<Integer, Split> out = new TreeMap<>();
        cells.forEach((c, n) -> out.merge(c.tid(), new Split(0, 0).plus(c, n), LocalityTally::sum));
        return out;
    }

    /** Per address range, by name. */
    public Map<String, Split> byRange() {
        Map<String, Split> out = new TreeMap<>();
        cells.forEach((c, n) -> out.merge(c.range(), new Split(0, 0).plus(c, n), LocalityTally::sum));
        return out;
    }

    /** Samples per page node, for one range (null: every range). */
    public Map<Integer, Long> byPageNode(String range) {
        Map<Integer, Long> out = new TreeMap<>();
        cells.forEach((c, n) -> {
            if (range == null || range.equals(c.range())) {
                out.merge(c.pageNode(), n, Long::sum);
            }
        });
        return out;
    }

    private static Split sum(Split a, Split b) {
        return new Split(a.local() + b.local(), a.remote() + b.remote());
    }
}
