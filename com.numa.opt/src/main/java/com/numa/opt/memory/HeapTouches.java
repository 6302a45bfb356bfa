package com.numa.opt.memory;

import com.numa.perfutil.locality.HeapSampleSink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel locality source's heap samples since the last {@link #drain}, per page and touching node. Filled on the
 * sampler's thread, drained on the Awareness Thread. At most {@link #PAGE_LIMIT} distinct pages are kept per interval
 * (1 GiB of 4 KiB pages); samples of further pages are only counted as dropped.
 */
final class HeapTouches implements HeapSampleSink {
    static final int PAGE_LIMIT = 1 << 18;

    private final int[] nodes;
    private Map<Long, Entry> pages = new HashMap<>();
    private long dropped;

    private static final class Entry {
        final String range;
        final int sampledNode;
        final long[] touches;

        Entry(String range, int sampledNode, int nodes) {
            this.range = range;
            this.sampledNode = sampledNode;
            this.touches = new long[nodes];
        }
    }

    /** A page's samples as drained: the node the sampler saw it on (-1 unknown) and the touches per node index. */
    record Drained(long page, String range, int sampledNode, long[] touches) {
    }

    /** {@code nodes}: the machine's real node ids; a touch from a CPU on another id is not counted. */
    HeapTouches(int[] nodes) {
        this.nodes = nodes.clone();
    }

    @Override
    public synchronized void sample(long page, String range, int cpuNode, int pageNode) {
        int at = Interval.indexOf(nodes, cpuNode);
        if (at < 0) {
            return;
        }
        Entry e = pages.get(page);
        if (e == null) {
            if (pages.size() >= PAGE_LIMIT) {
                dropped++;
                return;
            }
            e = new Entry(range, pageNode, nodes.length);
            pages.put(page, e);
        }
        e.touches[at]++;
    }

    /** The pages sampled since the last call, and forgets them. */
    synchronized List<Drained> drain() {
        List<Drained> out = new ArrayList<>(pages.size());
        pages.forEach((page, e) -> out.add(new Drained(page, e.range, e.sampledNode, e.touches)));
        pages = new HashMap<>();
        return out;
    }

    /** Samples not kept because an interval had more than {@link #PAGE_LIMIT} pages. */
    synchronized long dropped() {
        return dropped;
    }
}
