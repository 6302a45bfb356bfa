package com.numa.gc.heap;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reference model of the property tests: the same mutations as the research heap, on plain Java objects, with
 * reachability computed from scratch. What the heap keeps must be exactly what this model says is reachable.
 */
final class ReferenceGraph {
    private static final class Obj {
        final long[] slots;
        final int payloadBytes;
        long writes;

        Obj(int slots, int payloadBytes) {
            this.slots = new long[slots];
            this.payloadBytes = payloadBytes;
        }
    }

    private final Map<Long, Obj> objects = new HashMap<>();
    private final long[] roots;
    private final long[] lastAllocation;

    ReferenceGraph(int rootSlots, int threads) {
        roots = new long[rootSlots];
        lastAllocation = new long[threads];
    }

    void allocate(int thread, long id, int slots, int payloadBytes) {
        objects.put(id, new Obj(slots, payloadBytes));
        lastAllocation[thread] = id;
    }

    void store(long id, int slot, long target) {
        objects.get(id).slots[slot] = target;
    }

    int slots(long id) {
        return objects.get(id).slots.length;
    }

    void root(int slot, long target) {
        roots[slot] = target;
    }

    void write(long id) {
        objects.get(id).writes++;
    }

    /** Reachable ids, in discovery order (so tests can pick "the i-th reachable object" deterministically). */
    List<Long> reachable() {
        Set<Long> seen = new LinkedHashSet<>();
        ArrayDeque<Long> todo = new ArrayDeque<>();
        for (long r : roots) {
            if (r != 0) {
                todo.add(r);
            }
        }
        for (long r : lastAllocation) {
            if (r != 0) {
                todo.add(r);
            }
        }
        while (!todo.isEmpty()) {
            long id = todo.poll();
            if (seen.add(id)) {
                for (long t : objects.get(id).slots) {
                    if (t != 0) {
                        todo.add(t);
                    }
                }
            }
        }
        return new ArrayList<>(seen);
    }

    /** What the heap must hold for each reachable object. */
    Map<Long, HeapSnapshot.State> expected() {
        Map<Long, HeapSnapshot.State> out = new HashMap<>();
        for (long id : reachable()) {
            Obj o = objects.get(id);
            ByteBuffer p = ByteBuffer.allocate((o.payloadBytes + 7) & ~7).order(ByteOrder.nativeOrder());
            int i = 0;
            if (o.payloadBytes >= 8) {
                p.putLong(0, o.writes);
                i = 8;
            }
            for (; i < o.payloadBytes; i++) {
                p.put(i, ObjectLayout.pattern(id, i));
            }
            out.put(id, new HeapSnapshot.State(o.slots.clone(), p.array()));
        }
        return out;
    }

    /** Forgets unreachable objects, as a collection does. */
    void collect() {
        objects.keySet().retainAll(new java.util.HashSet<>(reachable()));
    }

    Set<Long> ids() {
        return objects.keySet();
    }
}
