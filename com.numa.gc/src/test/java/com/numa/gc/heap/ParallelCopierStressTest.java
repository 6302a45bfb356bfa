package com.numa.gc.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.numa.core.topology.NumaTopology;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Many collections of a heavily shared graph with several GC threads per node, so that GC threads race for the same
 * objects: after every collection the to-space must be a well-formed heap (objects back to back up to each region's
 * top, each id once, every reference to the start of a live object) holding exactly the reachable graph.
 */
class ParallelCopierStressTest {
    private static final NumaTopology TWO_NODES = TestTopologies.nodes(2);
    private static final int THREADS = 4;
    private static final int ROOTS = 8;
    private static final int HUB_SLOTS = 64;

    /** Every policy, with mutators on both nodes and with all of them on node 0 (whose copies then spill). */
    static Stream<Arguments> runs() {
        return Collectors.names().stream().flatMap(p -> Stream.of(Arguments.of(p, 2), Arguments.of(p, 1)));
    }

    @ParameterizedTest(name = "{0}, mutators on {1} node(s)")
    @MethodSource("runs")
    void everyCollectionLeavesAWellFormedHeapWithTheReachableGraph(String policy, int mutatorNodes) {
        SplittableRandom random = new SplittableRandom(policy.hashCode() * 31L + mutatorNodes);
        // Page-sized regions, a 256 KiB arena and 4 GC threads per node: a collection every few hundred allocations,
        // many region takes and spills, and objects reached by several GC threads at once.
        try (ResearchHeap heap = new ResearchHeap(TWO_NODES, 64 * 4096, 4096, Collectors.byName(policy), 4,
                ThreadPinning.none())) {
            ReferenceGraph model = new ReferenceGraph(ROOTS, THREADS);
            for (int t = 0; t < THREADS; t++) {
                heap.threadStarted(t, t % mutatorNodes);
            }
            // Rooted hubs whose slots hold the live set; every new object goes into one or more hub slots (shared
            // targets), and objects are linked to each other, so the graph stays ~ROOTS * HUB_SLOTS objects.
            long[][] hubSlots = new long[ROOTS][HUB_SLOTS];
            long[] hubs = new long[ROOTS];
            long nextId = 1;
            for (int h = 0; h < ROOTS; h++) {
                hubs[h] = nextId++;
                heap.allocate(0, hubs[h], HUB_SLOTS, 8);
                model.allocate(0, hubs[h], HUB_SLOTS, 8);
                heap.setRoot(h, hubs[h]);
                model.root(h, hubs[h]);
            }
            int collections = 0;
            while (collections < 120) {
                int thread = random.nextInt(THREADS);
                long id = nextId++;
                int slots = random.nextInt(3);
                int payload = random.nextInt(48);
                int before = heap.stats().collections();
                heap.allocate(thread, id, slots, payload);
                boolean collected = heap.stats().collections() != before;
                int survivors = 0;
                if (collected) {
                    model.collect(); // the heap collected before placing the new object
                    survivors = model.reachable().size();
                }
                model.allocate(thread, id, slots, payload);
                if (collected) {
                    checkHeap(heap, model, survivors + 1, policy);
                    collections++;
                }
                for (int copies = 1 + random.nextInt(3); copies > 0; copies--) {
                    int h = random.nextInt(ROOTS);
                    int s = random.nextInt(HUB_SLOTS);
                    hubSlots[h][s] = id;
                    heap.storeReference(thread, hubs[h], s, id);
                    model.store(hubs[h], s, id);
                }
                for (int k = 0; k < slots; k++) {
                    // Half the slots stay null: fewer than one link per object keeps chains (and the live set) short.
                    long target = random.nextBoolean() ? 0 : hubSlots[random.nextInt(ROOTS)][random.nextInt(HUB_SLOTS)];
                    heap.storeReference(thread, id, k, target);
                    model.store(id, k, target);
                }
                long written = hubSlots[random.nextInt(ROOTS)][random.nextInt(HUB_SLOTS)];
                if (written != 0) {
                    heap.write(random.nextInt(THREADS), written);
                    model.write(written);
                }
            }
            heap.collect();
            model.collect();
            checkHeap(heap, model, model.reachable().size(), policy);
        }
    }

    @Test
    void aReferenceToNoObjectIsReportedWithWhereItCameFrom() {
        try (ResearchHeap heap = new ResearchHeap(TWO_NODES, 64 * 4096, 4096, Collectors.byName("baseline"), 2,
                ThreadPinning.none())) {
            heap.threadStarted(0, 0);
            heap.allocate(0, 2, 0, 8);
            heap.allocate(0, 1, 1, 8); // the last allocation: object 2 is reached only through object 1's slot
            heap.storeReference(0, 1, 0, 2);
            heap.setRoot(0, 1);
            ByteBuffer b = heap.arena().buffer();
            int one = heap.arena().offset(heap.roots()[heap.roots().length - 1]);
            int two = heap.arena().offset(b.getLong(ObjectLayout.slotOffset(one, 0)));
            // Object 2's header now says 11,854,936 bytes (the garbage size once seen under QEMU): no object of the heap is that big.
            b.putLong(two + ObjectLayout.META, 11_854_936L);
            IllegalStateException e = assertThrows(IllegalStateException.class, heap::collect);
            assertTrue(e.getMessage().startsWith("no object at heap offset " + two + " "), e.getMessage());
            assertTrue(e.getMessage().contains("header word 0xb4e458"), e.getMessage());
            assertTrue(e.getMessage().contains("referenced from the slot at offset"), e.getMessage());
            assertTrue(e.getMessage().endsWith("in collection 1"), e.getMessage());
        }
    }

    /**
     * The heap after a collection (and at most one allocation): well formed, {@code objects} objects in all, the
     * model's reachable graph.
     */
    private static void checkHeap(ResearchHeap heap, ReferenceGraph model, int objects, String policy) {
        NodeArena arena = heap.arena();
        ByteBuffer b = arena.buffer();
        Set<Integer> starts = new HashSet<>();
        Map<Long, Integer> idAt = new HashMap<>();
        int[] regions = arena.inUseRegions();
        for (int region : regions) {
            int off = arena.regionStart(region);
            int end = off + arena.top(region);
            while (off < end) {
                long meta = b.getLong(off + ObjectLayout.META);
                int size = ObjectLayout.size(meta);
                if (size < ObjectLayout.HEADER || off + size > end) {
                    fail(policy + ": region " + region + " holds a bad object header at offset " + off + " (size "
                            + size + ", region top " + end + ")");
                }
                Integer twice = idAt.put(b.getLong(off + ObjectLayout.ID), off);
                if (twice != null) {
                    fail(policy + ": object " + b.getLong(off + ObjectLayout.ID) + " is in the to-space twice, at "
                            + twice + " and " + off);
                }
                assertEquals(0, ObjectLayout.forwardee(b, off),
                        policy + ": a to-space object with a forwarding address");
                starts.add(off);
                off += size;
            }
        }
        for (int off : starts) {
            int slots = ObjectLayout.slots(b.getLong(off + ObjectLayout.META));
            for (int s = 0; s < slots; s++) {
                long t = b.getLong(ObjectLayout.slotOffset(off, s));
                if (t != 0 && !starts.contains(arena.offset(t))) {
                    fail(policy + ": slot " + s + " of the object at " + off + " points to " + arena.offset(t)
                            + ", which is no object of the to-space");
                }
            }
        }
        for (long r : heap.roots()) {
            if (r != 0 && !starts.contains(arena.offset(r))) {
                fail(policy + ": a root points to " + arena.offset(r) + ", which is no object of the to-space");
            }
        }
        assertEquals(objects, idAt.size(), policy + ": objects in the heap = survivors (+ the new allocation)");
        assertEquals(model.expected(), HeapSnapshot.reachable(heap), policy + ": the reachable graph");
    }
}
