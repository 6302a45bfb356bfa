package com.numa.opt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns cumulative readings into per-interval deltas. A thread seen for the first time contributes its whole reading
 * (its counters started when it did, or when the source first saw it); a thread that vanished contributes nothing more.
 */
final class IntervalCollector {
    private Map<Integer, ThreadWork> last = new HashMap<>();

    List<ThreadWork> deltas(List<ThreadWork> cumulative) {
        Map<Integer, ThreadWork> now = new HashMap<>();
        List<ThreadWork> out = new ArrayList<>(cumulative.size());
        for (ThreadWork w : cumulative) {
            now.put(w.thread().tid(), w);
            ThreadWork before = last.get(w.thread().tid());
            out.add(before == null ? w : w.minus(before));
        }
        last = now;
        return out;
    }
}
