package com.numa.gc.heap;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/** The object graph reachable from a heap's roots, read back from off-heap memory, in ids (tests only). */
final class HeapSnapshot {
    /** One object's contents: reference slots as target ids, payload bytes as stored (with padding). */
    record State(long[] slotIds, byte[] payload) {
        @Override
        public boolean equals(Object o) {
            return o instanceof State s && Arrays.equals(slotIds, s.slotIds) && Arrays.equals(payload, s.payload);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(slotIds) * 31 + Arrays.hashCode(payload);
        }

        @Override
        public String toString() {
            return "slots " + Arrays.toString(slotIds) + " payload " + Arrays.toString(payload);
        }
    }

    private HeapSnapshot() {
    }

    /** Id to state of every object reachable from the roots. */
    static Map<Long, State> reachable(ResearchHeap heap) {
        NodeArena arena = heap.arena();
        ByteBuffer b = arena.buffer();
        Map<Long, State> seen = new HashMap<>();
        ArrayDeque<Long> todo = new ArrayDeque<>();
        for (long r : heap.roots()) {
            if (r != 0) {
                todo.add(r);
            }
        }
        while (!todo.isEmpty()) {
            int off = arena.offset(todo.poll());
            long id = b.getLong(off + ObjectLayout.ID);
            if (seen.containsKey(id)) {
                continue;
            }
            long meta = b.getLong(off);
            int slots = ObjectLayout.slots(meta);
            long[] slotIds = new long[slots];
            for (int s = 0; s < slots; s++) {
                long t = b.getLong(ObjectLayout.slotOffset(off, s));
                if (t != 0) {
                    slotIds[s] = b.getLong(arena.offset(t) + ObjectLayout.ID);
                    todo.add(t);
                }
            }
            int payloadStart = ObjectLayout.HEADER + 8 * slots;
            byte[] payload = new byte[ObjectLayout.size(meta) - payloadStart];
            for (int i = 0; i < payload.length; i++) {
                payload[i] = b.get(off + payloadStart + i);
            }
            seen.put(id, new State(slotIds, payload));
        }
        return seen;
    }
}
