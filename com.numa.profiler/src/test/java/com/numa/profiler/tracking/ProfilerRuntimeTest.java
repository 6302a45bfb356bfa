package com.numa.profiler.tracking;

import com.numa.core.log.NumaLog;
import com.numa.profiler.ActiveHooks;
import com.numa.profiler.OwnCopyLoader;
import com.numa.profiler.instrument.ClassFilter;
import com.numa.profiler.instrument.FieldReach;
import com.numa.profiler.report.ProfileReport;
import com.numa.profiler.report.ReportWriter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.tracking.AccessClassifier.Owner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The runtime driven directly (no bytecode), with nodes scripted per thread, and the files it reports into. */
@org.junit.jupiter.api.extension.ExtendWith(ActiveHooks.class)
class ProfilerRuntimeTest {
    /** Declares the header word itself, as an instrumented class would (the runtime reaches it by offset). */
    static final class Tagged {
        private transient long numa$headerWord;
    }

    static HeaderWordAccess taggedCarriesTheWord() {
        HeaderWordClasses classes = new HeaderWordClasses(true);
        classes.add(Tagged.class.getName().replace('.', '/'));
        return new HeaderWordAccess(classes);
    }

    /** Node = the number in the thread's name after '@' (e.g. "t@1"). */
    static final NodeLocator BY_NAME = () -> {
        String n = Thread.currentThread().getName();
        int at = n.indexOf('@');
        return at < 0 ? 0 : Integer.parseInt(n.substring(at + 1));
    };

    static ProfilerRuntime runtime(Owner owner, int sampling) {
        return runtime(owner, sampling, 0);
    }

    static ProfilerRuntime runtime(Owner owner, int sampling, int arrayChunk) {
        return new ProfilerRuntime(new AccessClassifier(owner), new SideTable(4096, arrayChunk, true), BY_NAME,
                new ObjectSizes(null), new NumaLog(new PrintStream(new ByteArrayOutputStream())), sampling, 1, null,
                taggedCarriesTheWord());
    }

    /** Full mode, last writer, over {@code table} (for tests that look into it). */
    static ProfilerRuntime runtimeOver(SideTable table) {
        return new ProfilerRuntime(new AccessClassifier(Owner.LAST_WRITER), table, BY_NAME, new ObjectSizes(null),
                new NumaLog(new PrintStream(new ByteArrayOutputStream())), 1, 1, null, taggedCarriesTheWord());
    }

    static void on(String name, Runnable r) throws InterruptedException {
        Thread t = new Thread(r, name);
        t.start();
        t.join();
    }

    interface Step {
        void run() throws Exception;
    }

    /** Runs {@code r} on a new thread named {@code name} while this thread runs {@code meanwhile}. */
    static void on(String name, Runnable r, Step meanwhile) throws Exception {
        Thread t = new Thread(r, name);
        t.start();
        try {
            meanwhile.run();
        } finally {
            t.join();
        }
    }

    @Test
    void classifiesCountsAndPredictsRemoteAcrossThreads() throws Exception {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 1);
        Tagged obj = new Tagged();
        Object[] arr = new Object[3];
        on("alloc@0", () -> {
            rt.allocated(obj, 5);
            rt.allocated(arr, 6);
            rt.write(obj);
            rt.readArray(arr, 0);
        });
        on("reader@1", () -> {
            for (int i = 0; i < 10; i++) {
                rt.read(obj);
                rt.readArray(arr, 0);
            }
        });
        on("writer@1", () -> rt.write(obj));
        on("late@0", () -> rt.read(obj));
        ProfileReport r = new ProfileReport(rt.inventory().snapshot(), new SiteRegistry());
        assertEquals(4, r.threads.size());
        ProfiledThread reader = r.threads.get(1).thread();
        assertEquals(20, reader.sharedReads);
        assertEquals(20, reader.predictedRemote, "home node 0, reader on node 1");
        assertEquals(10, reader.sideTableAccesses);
        assertEquals(20, r.threads.get(1).byOwner().get(1), "all owned by the allocating thread, key 1");
        ProfiledThread writer = r.threads.get(2).thread();
        assertEquals(1, writer.sharedWrites);
        ProfiledThread late = r.threads.get(3).thread();
        assertEquals(1, late.sharedReads, "after writer@1's write, the owner is writer@1");
        assertEquals(0, late.predictedRemote, "the home node stays node 0");
        assertEquals(1, r.threads.get(3).byOwner().get(3), "owner key 3 = writer@1");
        assertEquals(1, r.threads.get(0).thread().objectAllocations);
        assertEquals(1, r.threads.get(0).thread().arrayAllocations);
        assertEquals(32, r.threads.get(0).thread().arrayBytes, "16-byte header + 3 x 4-byte references");
    }

    /** The transformer's hold: a held thread's hooks return at once, as inside a hook; released, they count again. */
    @Test
    void aHeldThreadIsNotProfiledUntilReleased() throws Exception {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 1);
        Tagged obj = new Tagged();
        boolean[] holds = new boolean[2];
        on("t@0", () -> {
            rt.allocated(obj, 1);
            holds[0] = rt.hold();
            holds[1] = rt.hold();
            rt.write(obj);
            rt.read(obj);
            rt.allocated(new Tagged(), 2);
            rt.release();
            rt.read(obj);
        });
        assertTrue(holds[0]);
        assertFalse(holds[1], "already held: the second hold has nothing to release");
        ProfiledThread t = rt.inventory().snapshot()[0];
        assertEquals(0, t.writes);
        assertEquals(1, t.reads, "the read after the release");
        assertEquals(1, t.objectAllocations, "the object made while held is not counted");
    }

    /** What an instrumented callee does in sampled mode: loads the thread's countdown, carries it in a local. */
    static void readsInACallee(Object o, int n) {
        int countdown = com.numa.profiler.rt.Hooks.countdown();
        for (int i = 0; i < n; i++) {
            countdown = com.numa.profiler.rt.Hooks.readSampled(o, countdown);
        }
        com.numa.profiler.rt.Hooks.storeCountdown(countdown); // before returning
    }

    @Test
    void samplingCountsOneInNPerThreadAcrossCallsAndScales() throws Exception {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 8);
        rt.install();
        Tagged obj = new Tagged();
        Object[] arr = new Object[2];
        on("a@0", () -> {
            rt.allocated(obj, 1);
            rt.allocated(arr, 2);
        });
        on("b@0", () -> {
            int countdown = com.numa.profiler.rt.Hooks.countdown();
            for (int i = 0; i < 37; i++) {
                countdown = com.numa.profiler.rt.Hooks.readSampled(obj, countdown);
            }
            com.numa.profiler.rt.Hooks.storeCountdown(countdown); // handed back before the call,
            readsInACallee(obj, 43);
            countdown = com.numa.profiler.rt.Hooks.countdown(); // reloaded after it, as instrumented code does
            for (int i = 0; i < 20; i++) {
                countdown = com.numa.profiler.rt.Hooks.writeArraySampled(arr, i & 1, countdown);
            }
        });
        ProfiledThread b = rt.inventory().snapshot()[1];
        // one access in each block of 8 is sampled, at a random place in it; each weighs 8
        assertEquals(80, b.reads, "the 80 reads are blocks 1 to 10: one sample each");
        assertEquals(80, b.sharedReads);
        // the countdown carries on across the call: accesses 81-96 are blocks 11 and 12, and 97-100 the first half of
        // block 13, whose sample may fall after access 100
        assertTrue(b.writes == 16 || b.writes == 24, "writes " + b.writes);
        assertEquals(8, b.sharedWrites, "the first write makes b the owner, the later ones are private");
        assertEquals(b.writes, b.sideTableAccesses);
    }

    /**
     * The thread's cache of class facts is direct-mapped, so classes share slots: more classes than slots (array classes
     * of several element types and dimensions) each get their own facts back, whatever went through their slot before,
     * and what one thread learnt of a class the others find (the facts are the runtime's, per class).
     */
    @Test
    void classFactsStayRightWhenClassesShareASlot() throws Exception {
        java.util.List<Class<?>> classes = new java.util.ArrayList<>();
        for (Class<?> base : java.util.List.of(int.class, long.class, byte.class, char.class, Object.class, String.class,
                Integer.class, Long.class)) {
            Class<?> c = base;
            for (int d = 0; d < ProfiledThread.CLASS_CACHE / 6; d++) { // at most 255 dimensions
                c = c.arrayType();
                classes.add(c);
            }
        }
        assertTrue(classes.size() > ProfiledThread.CLASS_CACHE, "more classes than slots: some share one");
        ClassValue<ClassFacts> shared = ClassFacts.table();
        ProfiledThread t = new ProfiledThread(1, Thread.currentThread(), 1);
        for (int i = 0; i < classes.size(); i++) {
            ClassFacts f = t.facts(classes.get(i), shared);
            assertTrue(f.refersTo(classes.get(i)));
            assertEquals(ClassFacts.UNKNOWN, f.size, "nothing was learnt of this class yet");
            f.size = i;
            assertEquals(i, t.facts(classes.get(i), shared).size, "the slot keeps the facts of the class last seen");
        }
        ProfiledThread other = new ProfiledThread(2, Thread.currentThread(), 1);
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < classes.size(); i++) {
                assertEquals(i, (round == 0 ? t : other).facts(classes.get(i), shared).size, "facts of another class");
            }
        }
    }

    /**
     * The thread's cache of header-word offsets by class keeps no class alive once the thread has moved on to another
     * class: a class loader whose instances were counted can be collected while the thread's state lives on.
     */
    @Test
    void countedClassesCanUnloadWhileTheThreadStateLives() throws Exception {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 1);
        java.lang.ref.WeakReference<ClassLoader> loader = countOnceInAnotherLoader(rt);
        for (int i = 0; i < 50 && loader.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(null, loader.get(), "the loader (and the class) were collected");
        assertEquals(2, rt.inventory().snapshot()[0].writes, "both writes were counted, on the header word");
        assertEquals(0, rt.inventory().snapshot()[0].unknownOwnerWrites);
    }

    private static java.lang.ref.WeakReference<ClassLoader> countOnceInAnotherLoader(ProfilerRuntime rt)
            throws Exception {
        OwnCopyLoader l = new OwnCopyLoader(Tagged.class.getName()::equals);
        java.lang.reflect.Constructor<?> make = l.loadClass(Tagged.class.getName()).getDeclaredConstructor();
        make.setAccessible(true); // another runtime package than this test's
        Object o = make.newInstance();
        assertTrue(o.getClass() != Tagged.class);
        on("t@0", () -> {
            rt.allocated(o, 1);
            rt.write(o);
            Tagged other = new Tagged();
            rt.allocated(other, 2);
            rt.write(other); // the thread's last class (allocated and accessed) is now another one
        });
        return new java.lang.ref.WeakReference<>(l);
    }

    /**
     * Without sampling an array has its entry from its allocation on, or never: an array the table does not know (made
     * by code we do not see) is searched once per thread, then remembered as absent, and every access to it still
     * counts as of unknown owner, whatever the index; the marker never enters the shared table, and an array allocated
     * afterwards in the same cache slots is counted with its owner.
     */
    @Test
    void anArrayWithoutEntryIsCountedAsUnknownOwnerEveryTimeAndRemembered() throws Exception {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 1, 256);
        Object[] untagged = new Object[1000];
        Object[] tagged = new Object[4];
        on("t@0", () -> {
            for (int i = 0; i < 100; i++) {
                rt.readArray(untagged, i * 10);
                rt.writeArray(untagged, -1); // out of bounds (the store throws): counted as before, unknown owner
            }
            rt.allocated(tagged, 4);
            for (int i = 0; i < 10; i++) {
                rt.readArray(untagged, 0);
                rt.readArray(tagged, 0);
            }
        });
        assertEquals(1, rt.sideTable().size(), "only the tagged array has an entry");
        ProfiledThread t = rt.inventory().snapshot()[0];
        assertEquals(110, t.unknownOwnerReads);
        assertEquals(100, t.unknownOwnerWrites);
        assertEquals(220, t.sideTableAccesses);
        assertEquals(10, t.site(4).reads, "the tagged array keeps its owner and site");
        assertEquals(210, t.byOwner.get(0));
    }

    /**
     * Deferred tags follow the live threads: once a thread has ended, the next thread to register drops its tags (their
     * slots go back to the budget) and the sweep of ended states lets go of the table itself, so a program that starts
     * thread after thread neither grows the search nor the memory; an array of the ended thread first met afterwards
     * counts as of unknown owner, and the drop is counted.
     */
    @Test
    void endedThreadsDeferredTagsAreDroppedWhenTheNextThreadRegisters() throws Exception {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 1, 256);
        rt.deferArrays(1024);
        rt.install();
        Object[][] made = new Object[5][];
        for (int k = 0; k < made.length; k++) {
            int i = k;
            on("short-lived-" + k + "@0", () -> {
                made[i] = new Object[2];
                rt.allocated(made[i], 3);
            });
        }
        assertEquals(4, rt.deferredDropped(), "the first four threads' tags were dropped as the next registered");
        on("reader@1", () -> {
            int countdown = com.numa.profiler.rt.Hooks.countdown();
            countdown = com.numa.profiler.rt.Hooks.readArraySampled(made[0], 0, countdown);
            countdown = com.numa.profiler.rt.Hooks.readArraySampled(made[4], 0, countdown);
            com.numa.profiler.rt.Hooks.storeCountdown(countdown);
        });
        ProfiledThread reader = rt.inventory().snapshot()[made.length];
        assertEquals(1, reader.unknownOwnerReads, "the first thread's array: its tag went with its thread");
        assertEquals(1, reader.sharedReads, "the last thread's tag is still searchable until another registers");
        ProfiledThread[] all = rt.inventory().snapshot();
        for (int k = 0; k < 3; k++) {
            assertTrue(all[k].ended, all[k].name + " ended and was swept");
            assertEquals(null, all[k].deferredTags, all[k].name + ": its state keeps no table the runtime has dropped");
        }
    }

    /**
     * The inventory keeps every thread's state for the reports; once a thread has ended, the registrations that follow
     * release its caches (two states looked at per registration) and keep its counters, so the report is the same. A
     * thread still alive keeps its caches and goes on counting with them.
     */
    @Test
    void endedThreadsGiveUpTheirCachesAsLaterThreadsRegister() throws Exception {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 1);
        Tagged shared = new Tagged();
        Object[] array = new Object[2];
        java.util.concurrent.CountDownLatch counted = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread alive = new Thread(() -> {
            rt.allocated(shared, 1);
            rt.allocated(array, 2);
            rt.write(shared);
            counted.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            rt.write(shared); // after the others' sweeps: its caches are still there
            rt.readArray(array, 1);
        }, "alive@0");
        alive.start();
        counted.await();
        int shortLived = 3;
        for (int k = 0; k < shortLived; k++) {
            on("short-lived-" + k + "@0", () -> {
                rt.write(shared);
                rt.readArray(array, 0);
            });
        }
        for (int k = 0; k < 3; k++) {
            on("later-" + k + "@1", () -> rt.read(shared));
        }
        ProfiledThread[] all = rt.inventory().snapshot();
        assertEquals(1 + shortLived + 3, all.length);
        for (int k = 1; k <= shortLived; k++) {
            ProfiledThread t = all[k];
            assertTrue(t.ended, t.name + " ended and was swept");
            assertEquals(null, t.classFacts, t.name + ": class cache released");
            assertEquals(null, t.entries, t.name + ": entry cache released");
            assertEquals(1, t.writes, t.name + ": its counters stay for the report");
            assertEquals(1, t.sideTableAccesses, t.name);
        }
        assertFalse(all[0].ended, "the live thread is not swept");
        assertTrue(all[0].classFacts != null && all[0].entries != null);
        release.countDown();
        alive.join();
        ProfiledThread a = rt.inventory().snapshot()[0];
        assertEquals(2, a.writes);
        assertEquals(1, a.sideTableAccesses);
        assertEquals(0, a.unknownOwnerReads, "the array is found with its owner through the kept caches");
        String summary = ReportWriter.stderrSummary(new ProfileReport(rt.inventory().snapshot(), new SiteRegistry()), 5,
                false, rt.allocationsSampled());
        assertTrue(summary.contains("12 accesses"), summary); // every thread counted, ended or not
    }

    /**
     * Sampled mode with deferred array tags: an array enters the side table at its first sampled access, with the tag its
     * allocator deferred (owner = allocator, its site and node), whichever thread meets it first; every array is tagged
     * while one allocation in N is counted (weighing N), and an array nobody tagged counts as of unknown owner.
     */
    @Test
    void deferredArrayTagsGiveTheAllocatorAsOwnerAtTheFirstSampledAccess() throws Exception {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 4, 256);
        rt.deferArrays(1024); // remembers the last 512 to 1024 tags of a thread
        rt.install();
        Object[] shared = new Object[8];
        Object[] big = new Object[1024]; // 16 chunks of 64 references
        Object[][] dead = new Object[200][];
        // a newer tag replaces an older one in its slot (DeferredTags is direct-mapped): the arrays that die are picked
        // outside the slots of shared and big in the thread's first table (256 slots, the 202 tags do not grow it)
        java.util.Set<Integer> kept = java.util.Set.of(DeferredTags.slot(System.identityHashCode(shared), 255),
                DeferredTags.slot(System.identityHashCode(big), 255));
        for (int i = 0; i < dead.length; ) {
            Object[] candidate = new Object[1];
            if (!kept.contains(DeferredTags.slot(System.identityHashCode(candidate), 255))) {
                dead[i++] = candidate;
            }
        }
        Object[] untagged = new Object[3]; // made by code the profiler does not see
        on("alloc@0", () -> {
            rt.allocated(shared, 7);
            rt.allocated(big, 8);
            for (Object[] d : dead) {
                rt.allocated(d, 9);
            }
        });
        assertEquals(0, rt.sideTable().size(), "no array entered the side table at allocation");
        long counted = rt.inventory().snapshot()[0].arrayAllocations;
        assertTrue(counted == 200 || counted == 204, "one allocation in each block of 4 counted, weighing 4: " + counted);
        on("reader@1", () -> {
            int countdown = com.numa.profiler.rt.Hooks.countdown();
            // one access in each block of 4 is sampled, each weighs 4; the blocks follow the loops
            for (int i = 0; i < 8; i++) { // blocks 1 and 2
                countdown = com.numa.profiler.rt.Hooks.readArraySampled(shared, i, countdown);
            }
            for (int i = 0; i < 8; i++) { // blocks 3 and 4: two of elements 0-7 of big, chunk 0
                countdown = com.numa.profiler.rt.Hooks.readArraySampled(big, i, countdown);
            }
            for (int i = 0; i < 4; i++) { // block 5: element 1000, chunk 15
                countdown = com.numa.profiler.rt.Hooks.readArraySampled(big, 1000, countdown);
            }
            for (int i = 0; i < 4; i++) { // block 6
                countdown = com.numa.profiler.rt.Hooks.readArraySampled(untagged, 0, countdown);
            }
            com.numa.profiler.rt.Hooks.storeCountdown(countdown);
        });
        ProfiledThread reader = rt.inventory().snapshot()[1];
        assertEquals(24, reader.reads);
        assertEquals(20, reader.sharedReads, "the tagged arrays are owned by their allocator, not by the reader");
        assertEquals(20, reader.byOwner.get(1), "owner key 1 = alloc@0");
        assertEquals(20, reader.predictedRemote, "home node 0 from the deferred tag, reader on node 1");
        assertEquals(4, reader.unknownOwnerReads, "the untagged array");
        SiteCounters site7 = reader.site(7);
        SiteCounters site8 = reader.site(8);
        assertEquals(8, site7.sharedReads, "shared, counted at its allocation site");
        assertEquals(12, site8.sharedReads, "chunk 15 starts from the allocator's tag as well");
        assertEquals(3, rt.sideTable().size(), "entries for the two met arrays and the untagged one, none for the rest");
        assertEquals(2, rt.deferredArrays()[0]);
        assertEquals(1, rt.deferredArrays()[1]);
        on("writer@0", () -> {
            int countdown = com.numa.profiler.rt.Hooks.countdown();
            for (int i = 0; i < 4; i++) { // a fresh thread: its first access is sampled, then one in each block
                countdown = com.numa.profiler.rt.Hooks.writeArraySampled(shared, 0, countdown);
            }
            for (int i = 0; i < 4; i++) {
                countdown = com.numa.profiler.rt.Hooks.readArraySampled(shared, 1, countdown);
            }
            com.numa.profiler.rt.Hooks.storeCountdown(countdown);
        });
        ProfiledThread writer = rt.inventory().snapshot()[2];
        assertEquals(4, writer.sharedWrites, "the allocator owned it: the writer's store is shared");
        assertEquals(0, writer.sharedReads, "after its write the writer owns it (last writer)");
    }

    /** Two threads each write their own half of one array, then read the other's half. */
    static ProfiledThread[] halves(int arrayChunk) throws InterruptedException {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 1, arrayChunk);
        Object[] arr = new Object[1024]; // 4 KiB of references
        on("alloc@0", () -> rt.allocated(arr, 3));
        for (int k = 0; k < 2; k++) {
            int half = k;
            on("w" + k + "@0", () -> {
                for (int i = half * 512; i < (half + 1) * 512; i++) {
                    rt.writeArray(arr, i);
                }
            });
        }
        on("r@0", () -> {
            rt.readArray(arr, 10);
            rt.readArray(arr, 1000);
            rt.readArray(arr, 1024); // out of bounds: the load throws, so it is not counted
        });
        return rt.inventory().snapshot();
    }

    @Test
    void arrayChunksHaveTheirOwnOwners() throws Exception {
        ProfiledThread[] chunked = halves(64);
        // 1024 references (4 bytes each after a 16-byte header) in 64-byte lines: line k holds elements 16k-4..16k+11,
        // 65 lines, all owned by the allocator (key 1) at first. The halves meet inside line 32 (elements 508..523).
        assertEquals(33, chunked[1].sharedWrites, "w0 takes lines 0-32 from the allocator, one shared write each");
        assertEquals(33, chunked[2].sharedWrites, "w1 takes line 32 from w0 and lines 33-64 from the allocator");
        assertEquals(1, chunked[2].byOwner.get(2), "w1 shares one line with w0: the one where the halves meet");
        assertEquals(2, chunked[3].reads);
        assertEquals(1, chunked[3].byOwner.get(2), "element 10 was written last by w0");
        assertEquals(1, chunked[3].byOwner.get(3), "element 1000 was written last by w1");
        ProfiledThread[] whole = halves(0);
        assertEquals(1, whole[1].sharedWrites);
        assertEquals(1, whole[2].sharedWrites, "one word: w1's first store takes the whole array from w0");
        assertEquals(1, whole[2].byOwner.get(2));
        assertEquals(2, whole[3].byOwner.get(3), "one word: every element reads as w1's");
    }

    @Test
    void writesAllFilesAtomicallyWithTheTable4Figures(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        ProfilerRuntime rt = runtime(Owner.ALLOCATOR, 1);
        Tagged obj = new Tagged();
        on("a@0", () -> rt.allocated(obj, 0));
        on("b@0", () -> {
            rt.read(obj);
            rt.read(obj);
            rt.write(obj);
        });
        ProfileReport r = new ProfileReport(rt.inventory().snapshot(), new SiteRegistry());
        Map<String, Object> cfg = new LinkedHashMap<>();
        cfg.put("NUMAProfilerOwner", "allocator");
        new ReportWriter(dir, 10).write(r, cfg, Map.of("note", "x\"y"));
        for (String f : new String[] {"threads.csv", "access_matrix.csv", "sites.csv", "types.csv", "summary.json"}) {
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        try (var s = Files.list(dir)) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file left behind");
        }
        String json = Files.readString(dir.resolve("summary.json"));
        assertTrue(json.contains("\"shared_read_pct\": 66.6667"), json);
        assertTrue(json.contains("\"shared_write_pct\": 33.3333"), json);
        assertTrue(json.contains("\"note\": \"x\\\"y\""), json);
        String matrix = Files.readString(dir.resolve("access_matrix.csv"));
        assertTrue(matrix.startsWith("accessor_key,accessor_name,owner_0,owner_1,owner_2\n"), matrix);
        assertTrue(matrix.contains("\n2,b@0,0,3,0\n"), matrix);
        String summary = ReportWriter.stderrSummary(r, 5, false, false);
        assertTrue(summary.contains("shared reads 66.67%, shared writes 33.33%"), summary);
    }

    /**
     * The summary says which totals are estimates: in sampled mode the allocation counts too (one allocation in N is
     * counted, weighing N); without sampling (or under the diagnosis, which counts every allocation) they are exact.
     */
    @Test
    void theSummarySaysWhenAllocationCountsAreSampled() throws Exception {
        ProfilerRuntime exact = runtime(Owner.LAST_WRITER, 1);
        ProfilerRuntime sampled = runtime(Owner.LAST_WRITER, 4);
        assertFalse(exact.allocationsSampled());
        assertTrue(sampled.allocationsSampled());
        on("t@0", () -> {
            for (int i = 0; i < 8; i++) {
                sampled.allocated(new Tagged(), 1);
            }
        });
        ProfileReport r = new ProfileReport(sampled.inventory().snapshot(), new SiteRegistry());
        assertEquals(8, r.objectAllocations, "two of the eight counted, weighing four");
        String summary = ReportWriter.stderrSummary(r, 5, true, sampled.allocationsSampled());
        assertTrue(summary.contains("8 objects, 0 arrays allocated (sampled, scaled)"), summary);
        assertFalse(ReportWriter.stderrSummary(r, 5, true, false).contains("allocated (sampled"));
    }

    /**
     * Past {@link ReportWriter#MATRIX_OWNERS} thread keys the access matrix stops growing as the square of the threads:
     * owner_0, the owners with the most accesses and owner_other, and only the threads that made accesses, each row
     * still summing to the thread's accesses.
     */
    @Test
    void theAccessMatrixOfThreadAfterThreadKeepsTheBusiestOwners() throws Exception {
        ProfilerRuntime rt = runtime(Owner.LAST_WRITER, 1);
        Tagged hub = new Tagged();
        on("hub@0", () -> rt.allocated(hub, 1));
        int threads = ReportWriter.MATRIX_OWNERS + 44;
        for (int k = 0; k < threads; k++) {
            int reads = k % 3 + 1;
            on("t-" + k + "@0", () -> {
                Tagged own = new Tagged();
                rt.allocated(own, 2);
                rt.write(own);
                for (int i = 0; i < reads; i++) {
                    rt.read(hub);
                }
            });
        }
        ProfileReport report = new ProfileReport(rt.inventory().snapshot(), new SiteRegistry());
        String[] lines = ReportWriter.matrix(report).split("\r?\n");
        String[] header = lines[0].split(",");
        assertEquals(2 + ReportWriter.MATRIX_OWNERS + 1, header.length, lines[0]);
        assertEquals("owner_0", header[2]);
        assertEquals("owner_1", header[3], "the hub, owner of the most accessed object");
        assertEquals("owner_other", header[header.length - 1]);
        assertEquals(threads, lines.length - 1, "one row per thread that made accesses (not the hub)");
        java.util.Map<String, Long> accesses = new java.util.HashMap<>();
        for (ProfiledThread t : rt.inventory().threads()) {
            accesses.put(Integer.toString(t.key), t.accesses());
        }
        long other = 0;
        for (int i = 1; i < lines.length; i++) {
            String[] cells = lines[i].split(",");
            long sum = 0;
            for (int c = 2; c < cells.length; c++) {
                sum += Long.parseLong(cells[c]);
            }
            assertEquals(accesses.get(cells[0]), sum, lines[i]);
            other += Long.parseLong(cells[cells.length - 1]);
        }
        assertEquals(threads - (ReportWriter.MATRIX_OWNERS - 2), other,
                "the writes to their own objects of the threads past the busiest owners");
    }

    /**
     * The allocating thread caches per class the instance size and whether the side table needs the instance
     * (FieldReach): with more classes allocated in turn than its 16 cache entries, every instance is still put in the
     * table exactly when its own class's fields are reachable, and counted.
     */
    @Test
    void allocationsOfManyClassesInTurnAreTrackedByTheirOwnClass() throws Exception {
        SideTable table = new SideTable(4096, 0, true);
        ProfilerRuntime rt = runtimeOver(table);
        ClassFilter filter = new ClassFilter(java.util.List.of("com.numa.profiler.fieldreach.**"), java.util.List.of(),
                java.util.List.of(), true);
        rt.useFieldReach(new FieldReach(filter, false));
        java.util.List<java.util.function.Supplier<?>> kinds = java.util.List.of(Object::new, StringBuilder::new,
                com.numa.profiler.fieldreach.Fixtures.PrivateOnly::new, java.util.ArrayList::new, java.util.HashMap::new,
                java.util.LinkedList::new, java.util.TreeMap::new, java.util.ArrayDeque::new, java.util.HashSet::new,
                java.util.LinkedHashMap::new, java.util.TreeSet::new, java.util.Vector::new, java.util.Stack::new,
                java.util.IdentityHashMap::new, java.util.WeakHashMap::new, java.util.Hashtable::new,
                java.util.PriorityQueue::new, java.util.BitSet::new, () -> new java.util.StringJoiner(","),
                java.util.Random::new, com.numa.profiler.fieldreach.Fixtures.PublicField::new,
                com.numa.profiler.fieldreach.Fixtures.ProtectedField::new);
        FieldReach reach = new FieldReach(filter, false);
        long reachable = kinds.stream().filter(k -> reach.fieldsReachable(k.get().getClass())).count();
        assertTrue(reachable >= 3 && kinds.size() - reachable >= 3, "both kinds: " + reachable + " reachable");
        java.util.List<Object> keep = new java.util.ArrayList<>();
        int rounds = 5;
        on("a@0", () -> {
            for (int r = 0; r < rounds; r++) {
                for (java.util.function.Supplier<?> k : kinds) {
                    Object o = k.get();
                    keep.add(o);
                    rt.allocated(o, 1);
                }
            }
        });
        assertEquals(rounds * reachable, table.size(), "the reachable instances, and only they, are in the table");
        ProfiledThread a = rt.inventory().snapshot()[0];
        assertEquals((long) rounds * kinds.size(), a.objectAllocations);
        assertEquals((long) rounds * kinds.size(), a.site(1).allocations);
        assertEquals(16L * rounds * kinds.size(), a.objectBytes, "16 bytes each without Instrumentation");
    }

    /**
     * JDK instances are tracked by use (FieldReach): ArrayLists stay out of the table until the class is instrumented
     * (retransformed), and the allocating thread's cached answer (its last class, here the same class every time) goes
     * stale at that moment: the next ArrayList is in the table.
     */
    @Test
    void jdkInstancesEnterTheTableOnceTheirClassIsInstrumented() throws Exception {
        SideTable table = new SideTable(4096, 0, true);
        ProfilerRuntime rt = runtimeOver(table);
        FieldReach reach = new FieldReach(new ClassFilter(java.util.List.of(), java.util.List.of(), java.util.List.of(),
                true), true);
        rt.useFieldReach(reach);
        java.util.List<Object> keep = new java.util.ArrayList<>();
        java.util.concurrent.CountDownLatch allocated = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch named = new java.util.concurrent.CountDownLatch(1);
        int[] sizes = new int[2];
        on("a@0", () -> { // one thread throughout: its cached answer is what must go stale
            for (int i = 0; i < 3; i++) {
                Object o = new java.util.ArrayList<>();
                keep.add(o);
                rt.allocated(o, 1);
            }
            sizes[0] = table.size();
            allocated.countDown();
            try {
                named.await();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            Object o = new java.util.ArrayList<>();
            keep.add(o);
            rt.allocated(o, 1);
            sizes[1] = table.size();
        }, () -> {
            allocated.await();
            reach.jdkClassInstrumented("java/util/ArrayList");
            named.countDown();
        });
        assertEquals(0, sizes[0], "no instrumented code can reach an ArrayList's fields yet");
        assertEquals(1, sizes[1], "the ArrayList allocated after its class was instrumented");
        assertEquals(4L, rt.inventory().snapshot()[0].objectAllocations, "all four counted");
    }
}
