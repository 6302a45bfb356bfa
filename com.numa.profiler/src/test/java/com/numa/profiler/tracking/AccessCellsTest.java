package com.numa.profiler.tracking;

import com.numa.profiler.ActiveHooks;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.tracking.AccessClassifier.Owner;
import com.numa.profiler.tracking.AccessClassifier.Kind;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The counted access path adds to one cell per kind of access and derives the thread's and sites' counters when a
 * snapshot is taken: those must be exactly what counting every counter at every access gave (the model below is that
 * per-access counting, as ProfilerRuntime did it before the cells).
 */
@org.junit.jupiter.api.extension.ExtendWith(ActiveHooks.class)
class AccessCellsTest {

    /** Per-access counting of one thread: the counters ProfiledThread and SiteCounters report. */
    static final class Model {
        long reads;
        long writes;
        long sharedReads;
        long sharedWrites;
        long unknownReads;
        long unknownWrites;
        long remote;
        long sideTable;
        final Map<Integer, Long> byOwner = new HashMap<>();
        final Map<Integer, long[]> sites = new HashMap<>();
        final Map<Integer, Map<Integer, Long>> sharers = new HashMap<>();
        int readTally;

        /** The word after the access, as the classifier's two steps give it. */
        long count(AccessClassifier classifier, int key, long word, boolean write, int node, boolean side, long weight) {
            Kind kind = classifier.classify(word, key, write);
            if (side) {
                sideTable += weight;
            }
            if (write) {
                writes += weight;
            } else {
                reads += weight;
            }
            int owner = OwnerWords.owner(word);
            byOwner.merge(owner, weight, Long::sum);
            if (owner == 0) {
                if (write) {
                    unknownWrites += weight;
                } else {
                    unknownReads += weight;
                }
                return word;
            }
            // reads, writes, sharedReads, sharedWrites, predictedRemote, readsOfSharedObjects, readsFollowedByWrite,
            // writesAfterPublication
            long[] s = sites.computeIfAbsent(OwnerWords.site(word), k -> new long[8]);
            if (AccessClassifier.predictedRemote(word, node)) {
                remote += weight;
                s[4] += weight;
            }
            boolean sharedObject = OwnerWords.shared(word) || kind.isShared();
            if (kind.isShared()) {
                sharers.computeIfAbsent(OwnerWords.site(word), k -> new HashMap<>()).merge(owner, weight, Long::sum);
            }
            if (write) {
                s[1] += weight;
                if (kind == Kind.SHARED_WRITE) {
                    sharedWrites += weight;
                    s[3] += weight;
                }
                if (sharedObject) {
                    s[6] += (long) OwnerWords.readsSinceWrite(word) * OwnerWords.READ_TALLY * weight;
                    s[7] += weight;
                }
            } else {
                s[0] += weight;
                if (kind == Kind.SHARED_READ) {
                    sharedReads += weight;
                    s[2] += weight;
                }
                if (sharedObject) {
                    s[5] += weight;
                }
            }
            return update(classifier, word, kind, key, !write && (++readTally & (OwnerWords.READ_TALLY - 1)) == 0);
        }
    }

    /**
     * The word after an access of a known kind, written per kind of the ISMM'23 classification: the specification that
     * AccessClassifier.next, which the counted path calls without the intermediate kind, must meet.
     */
    static long update(AccessClassifier c, long word, Kind kind, int accessorKey, boolean tallyRead) {
        switch (kind) {
            case UNKNOWN_READ:
            case UNKNOWN_WRITE:
                return word;
            case SHARED_READ: {
                long w = OwnerWords.markShared(word);
                return tallyRead ? OwnerWords.countRead(w) : w;
            }
            case PRIVATE_READ:
                return tallyRead ? OwnerWords.countRead(word) : word;
            case SHARED_WRITE: {
                long w = OwnerWords.markWritten(OwnerWords.markShared(word));
                return c.policy() == Owner.LAST_WRITER ? OwnerWords.withOwner(w, accessorKey) : w;
            }
            default:
                return OwnerWords.markWritten(word);
        }
    }

    static long randomWord(SplittableRandom r) {
        if (r.nextInt(8) == 0) {
            return 0;
        }
        long w = OwnerWords.tag(r.nextInt(5), r.nextInt(40), r.nextInt(3) - 1);
        if (r.nextBoolean()) {
            w = OwnerWords.markShared(w);
        }
        if (r.nextBoolean()) {
            w = OwnerWords.markWritten(w);
        }
        for (int i = r.nextInt(4); i > 0; i--) {
            w = OwnerWords.countRead(w);
        }
        return w;
    }

    @Test
    void nextIsUpdateOfClassify() {
        SplittableRandom r = new SplittableRandom(11);
        for (Owner policy : Owner.values()) {
            AccessClassifier c = new AccessClassifier(policy);
            for (int i = 0; i < 20_000; i++) {
                long w = randomWord(r);
                int key = 1 + r.nextInt(4);
                boolean write = r.nextBoolean();
                boolean tally = r.nextBoolean();
                assertEquals(update(c, w, c.classify(w, key, write), key, tally), c.next(w, key, write, tally),
                        () -> policy + " " + Long.toHexString(w));
            }
        }
    }

    @Test
    void countersDerivedFromCellsAreWhatPerAccessCountingGave() throws Exception {
        for (int sampling : new int[] {1, 64}) {
            ProfilerRuntime rt = ProfilerRuntimeTest.runtime(Owner.LAST_WRITER, sampling);
            AccessClassifier classifier = new AccessClassifier(Owner.LAST_WRITER);
            Model model = new Model();
            ProfiledThread[] t = new ProfiledThread[1];
            SplittableRandom r = new SplittableRandom(sampling);
            ProfilerRuntimeTest.on("counting@0", () -> {
                rt.write(new ProfilerRuntimeTest.Tagged()); // registers the thread
                t[0] = rt.inventory().snapshot()[0];
                model.count(classifier, t[0].key, OwnerWords.tag(t[0].key, 0, 0), true, 0, false, sampling);
                // runs of one word (the last cell) and changing words, enough distinct cells to grow the table
                for (int i = 0; i < 200_000; i++) {
                    long w = randomWord(r);
                    for (int run = r.nextInt(3) == 0 ? 1 + r.nextInt(50) : 1; run > 0; run--) {
                        boolean write = r.nextInt(4) == 0;
                        int node = r.nextInt(2);
                        boolean side = r.nextBoolean();
                        long expected = model.count(classifier, t[0].key, w, write, node, side, sampling);
                        assertEquals(expected, rt.count(t[0], w, write, node, side));
                    }
                }
            });
            ProfiledThread p = rt.inventory().snapshot()[0];
            assertTrue(p.cellCount > 1000, "the table grew: " + p.cellCount);
            assertEquals(model.reads, p.reads);
            assertEquals(model.writes, p.writes);
            assertEquals(model.sharedReads, p.sharedReads);
            assertEquals(model.sharedWrites, p.sharedWrites);
            assertEquals(model.unknownReads, p.unknownOwnerReads);
            assertEquals(model.unknownWrites, p.unknownOwnerWrites);
            assertEquals(model.remote, p.predictedRemote);
            assertEquals(model.sideTable, p.sideTableAccesses);
            assertEquals(model.byOwner.size(), p.byOwner.size(), "owners met");
            for (int i = 0; i < p.byOwner.size(); i++) {
                int owner = p.byOwner.key(i);
                assertEquals(model.byOwner.getOrDefault(owner, 0L), p.byOwner.count(i), "owner " + owner);
            }
            for (int id = 0; id < p.sites.length; id++) {
                SiteCounters c = p.sites[id];
                long[] m = model.sites.get(id);
                if (m == null) {
                    assertTrue(c == null || c.accesses() == 0, "site " + id);
                    continue;
                }
                assertArrayEquals(m, new long[] {c.reads, c.writes, c.sharedReads, c.sharedWrites, c.predictedRemote,
                        c.readsOfSharedObjects, c.readsFollowedByWrite, c.writesAfterPublication}, "site " + id);
                Map<Integer, Long> pairs = new HashMap<>();
                c.forEachSharer(pairs::put);
                assertEquals(model.sharers.getOrDefault(id, Map.of()), pairs, "site " + id);
            }
        }
    }

    @Test
    void aSnapshotReplacesTheDerivedCountersInsteadOfAddingToThem() throws Exception {
        ProfilerRuntime rt = ProfilerRuntimeTest.runtime(Owner.LAST_WRITER, 1);
        ProfilerRuntimeTest.Tagged o = new ProfilerRuntimeTest.Tagged();
        ProfilerRuntimeTest.on("a@0", () -> {
            rt.allocated(o, 3);
            for (int i = 0; i < 10; i++) {
                rt.read(o);
            }
        });
        ProfiledThread first = rt.inventory().snapshot()[0];
        assertEquals(10, first.reads);
        assertEquals(10, first.site(3).reads);
        ProfiledThread again = rt.inventory().snapshot()[0];
        assertEquals(10, again.reads, "a second snapshot derives the same counts");
        assertEquals(10, again.site(3).reads);
        assertEquals(10, again.byOwner.get(again.key));
        assertEquals(1, again.site(3).allocations, "the allocation counts stay the thread's own");
    }

    @Test
    void unknownOwnersCountOnlyAsUnknownWhateverTheirSite() {
        long a = AccessCells.key(0, 1, false, 0, false);
        long b = AccessCells.key(OwnerWords.withSite(0, 9), 1, false, 1, false);
        assertEquals(a, b, "owner 0: no site, no remote");
        long shared = AccessCells.key(OwnerWords.tag(2, 9, 0), 1, false, 1, true);
        assertEquals(2, AccessCells.owner(shared));
        assertEquals(9, AccessCells.site(shared));
        assertTrue((shared & AccessCells.SHARED) != 0 && (shared & AccessCells.REMOTE) != 0
                && (shared & AccessCells.SIDE_TABLE) != 0 && (shared & AccessCells.WRITE) == 0);
    }
}
