package com.numa.gc.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.topology.NumaTopology;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random object graphs, mutations and collections, for every policy: after any sequence, the graph reachable in the
 * research heap (ids, references, payload bytes) equals the reference model's, no reachable object is lost, and no
 * unreachable one survives a collection.
 */
class HeapGraphPropertyTest {
    private static final int THREADS = 3;
    private static final int ROOTS = 4;
    private static final NumaTopology TWO_NODES = TestTopologies.nodes(2);

    enum Kind { ALLOC, STORE, ROOT, WRITE, READ, COLLECT }

    record Op(Kind kind, int a, int b, int c) {
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Kind> kinds = Arbitraries.frequency(
                net.jqwik.api.Tuple.of(5, Kind.ALLOC), net.jqwik.api.Tuple.of(5, Kind.STORE),
                net.jqwik.api.Tuple.of(2, Kind.ROOT), net.jqwik.api.Tuple.of(2, Kind.WRITE),
                net.jqwik.api.Tuple.of(1, Kind.READ), net.jqwik.api.Tuple.of(1, Kind.COLLECT));
        Arbitrary<Integer> n = Arbitraries.integers().between(0, 1000);
        return Combinators.combine(kinds, n, n, n).as(Op::new).list().ofMaxSize(300);
    }

    /** Each try runs the same operations under every policy, so no policy goes untested. */
    @Property(tries = 60)
    void theHeapKeepsExactlyTheReachableGraph(@ForAll("ops") List<Op> ops) {
        for (String policy : Collectors.names()) {
            check(policy, ops);
        }
    }

    private static void check(String policy, List<Op> ops) {
        // Page-sized regions and a 64-region arena: small enough that allocation triggers collections on its own.
        try (ResearchHeap heap = new ResearchHeap(TWO_NODES, 64 * 4096, 4096, Collectors.byName(policy), 2,
                ThreadPinning.none())) {
            ReferenceGraph model = new ReferenceGraph(ROOTS, THREADS);
            for (int t = 0; t < THREADS; t++) {
                heap.threadStarted(t, t % 2);
            }
            long nextId = 1;
            for (Op op : ops) {
                List<Long> live = model.reachable();
                switch (op.kind()) {
                    case ALLOC -> {
                        int thread = op.a() % THREADS;
                        int slots = op.b() % 5;
                        int payload = op.c() % 41;
                        int before = heap.stats().collections();
                        heap.allocate(thread, nextId, slots, payload);
                        if (heap.stats().collections() != before) {
                            model.collect(); // the heap collected before placing the new object
                        }
                        model.allocate(thread, nextId, slots, payload);
                        nextId++;
                    }
                    case STORE -> {
                        if (live.isEmpty()) {
                            continue;
                        }
                        long obj = live.get(op.a() % live.size());
                        if (model.slots(obj) == 0) {
                            continue;
                        }
                        int slot = op.b() % model.slots(obj);
                        long target = op.c() % 5 == 0 ? 0 : live.get(op.c() % live.size());
                        heap.storeReference(op.a() % THREADS, obj, slot, target);
                        model.store(obj, slot, target);
                    }
                    case ROOT -> {
                        long target = live.isEmpty() || op.b() % 4 == 0 ? 0 : live.get(op.b() % live.size());
                        heap.setRoot(op.a() % ROOTS, target);
                        model.root(op.a() % ROOTS, target);
                    }
                    case WRITE, READ -> {
                        if (live.isEmpty()) {
                            continue;
                        }
                        long obj = live.get(op.b() % live.size());
                        if (op.kind() == Kind.WRITE) {
                            heap.write(op.a() % THREADS, obj);
                            model.write(obj);
                        } else {
                            heap.read(op.a() % THREADS, obj);
                        }
                    }
                    case COLLECT -> {
                        heap.collect();
                        model.collect();
                        assertOnlyReachableSurvive(heap, model);
                    }
                }
            }
            assertEquals(model.expected(), HeapSnapshot.reachable(heap), policy + ": graph before the last collection");
            heap.collect();
            model.collect();
            assertOnlyReachableSurvive(heap, model);
            assertEquals(model.expected(), HeapSnapshot.reachable(heap), policy + ": graph after the last collection");
            int[] regions = heap.regionAccounting();
            assertEquals(regions[2], regions[0] + regions[1], "regions in use + free = all regions");
        }
    }

    private static void assertOnlyReachableSurvive(ResearchHeap heap, ReferenceGraph model) {
        List<Long> reachable = model.reachable();
        assertEquals(reachable.size(), heap.objectCount(), "objects left after a collection = reachable objects");
        for (long id : reachable) {
            assertTrue(heap.isLive(id), "reachable object " + id + " was lost");
        }
        Map<Long, HeapSnapshot.State> snapshot = HeapSnapshot.reachable(heap);
        assertEquals(reachable.size(), snapshot.size());
    }
}
