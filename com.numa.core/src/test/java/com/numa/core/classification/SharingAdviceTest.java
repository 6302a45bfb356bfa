package com.numa.core.classification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The advice of a verdict with data dependencies, from scripted profiles: which objects it names, in what order, with
 * which Java change, and how densely the proposed diagnosis samples.
 */
class SharingAdviceTest {
    private static final List<String> FOUR = List.of("Thread-0", "Thread-1", "Thread-2", "Thread-3");

    private static SharedObject o(String type, String site, long reads, long writes, List<String> threads) {
        return new SharedObject(type, site, reads, writes, 0, threads);
    }

    /** The validation program synchronized-map, as its profile's sites.csv has it (scaled counts). */
    private static final List<SharedObject> SYNCHRONIZED_MAP = List.of(
            o("java.util.HashMap", "com.numa.validation.SynchronizedMapCounter.main:16", 119_988_848, 32, FOUR),
            o("java.util.HashMap$Node", "java.util.HashMap.newNode:1901", 37_674_576, 12_545_488, FOUR),
            o("java.util.HashMap$Node[]", "java.util.HashMap.resize:702", 24_027_008, 256, FOUR),
            o("java.util.concurrent.atomic.AtomicLong", "com.numa.validation.SynchronizedMapCounter.main:17", 0, 778_752,
                    FOUR),
            // objects made before the agent: no site to name
            o("<unknown>", "?.?:0", 30_416, 20_000_000, FOUR));

    @Test
    void readAndWriteNamesTheSitesWithMostSharedWritesAndTheirChange() {
        List<SharingAdvice.Target> t = SharingAdvice.targets(DataDependency.READ_WRITE, SYNCHRONIZED_MAP, 13_324_528);
        assertEquals(2, t.size(), "the map's nodes and the counter; the table (0.002%) and the unknown are left out: " + t);
        assertEquals("java.util.HashMap$Node", t.get(0).object().type());
        assertEquals(SharingAdvice.Change.JDK_OBJECT, t.get(0).change());
        assertEquals(94.2, t.get(0).sharePct(), 0.1);
        assertEquals(SharingAdvice.Change.COUNTER, t.get(1).change());
        assertEquals("java.util.HashMap.Node at HashMap.newNode:1901 (94% of shared writes; Thread-0, Thread-1, "
                + "Thread-2 and 1 more)", t.get(0).describe());
        assertTrue(t.get(1).line().endsWith(": " + SharingAdvice.Change.COUNTER.text()), t.get(1).line());
        assertTrue(SharingAdvice.Change.COUNTER.text().contains("LongAdder"));
    }

    @Test
    void eachKindOfSharedObjectGetsItsChange() {
        List<String> two = List.of("worker-0", "worker-1");
        assertEquals(SharingAdvice.Change.ARRAY, SharingAdvice.change(o("long[]", "app.Counters.<init>:12", 10, 10, two)));
        assertEquals(SharingAdvice.Change.FIELDS, SharingAdvice.change(o("app.Stats", "app.Main.run:40", 10, 10, two)));
        assertEquals(SharingAdvice.Change.LOCK, SharingAdvice.change(o("java.util.concurrent.locks.ReentrantLock$NonfairSync",
                "java.util.concurrent.locks.ReentrantLock.<init>:294", 10, 10, two)));
        assertEquals(SharingAdvice.Change.CONFINE, SharingAdvice.change(o("app.Buffer", "app.Main.main:9", 10, 10,
                List.of("main", "worker-0"))));
        assertEquals(SharingAdvice.Change.READ_MOSTLY, SharingAdvice.change(o("app.Table", "app.Main.main:9", 10, 0, two)));
        assertEquals(SharingAdvice.Change.READ_MOSTLY, SharingAdvice.change(new SharedObject("app.Table", "app.Main.main:9",
                100, 1, 95, two)), "written once more, then read: read-mostly all the same");
        assertEquals(SharingAdvice.Change.STRIPED, SharingAdvice.change(o("java.util.concurrent.atomic.Striped64$Cell[]",
                "java.util.concurrent.atomic.Striped64.longAccumulate:283", 10, 10, two)));
        assertEquals(SharingAdvice.Change.STRIPED, SharingAdvice.change(o("java.util.concurrent.atomic.LongAdder",
                "app.Main.main:9", 10, 10, two)));
        // an array the JDK made for one of its objects is that object's inside
        assertEquals(SharingAdvice.Change.JDK_OBJECT, SharingAdvice.change(o("java.util.HashMap$Node[]",
                "java.util.HashMap.resize:702", 10, 10, two)));
        assertTrue(SharingAdvice.Change.FIELDS.text().contains("@jdk.internal.vm.annotation.Contended"));
        assertTrue(SharingAdvice.Change.READ_MOSTLY.text().contains("replicate it per node"));
        assertTrue(SharingAdvice.Change.CONFINE.text().contains("confine it to one thread"));
    }

    @Test
    void readOnlyNamesTheSitesWithMostSharedReads() {
        List<SharedObject> objects = List.of(o("app.Counters", "app.Main.main:5", 100, 0, FOUR),
                o("app.Dictionary$Entry[]", "app.Dictionary.<init>:20", 9_000, 0, FOUR),
                o("app.Query", "app.Main.main:7", 900, 0, List.of("main", "Thread-0")));
        List<SharingAdvice.Target> t = SharingAdvice.targets(DataDependency.READ_ONLY, objects, 10_000);
        assertEquals(List.of("app.Dictionary$Entry[]", "app.Query", "app.Counters"),
                t.stream().map(x -> x.object().type()).toList());
        assertEquals(SharingAdvice.Change.READ_MOSTLY, t.get(0).change());
        assertEquals(SharingAdvice.Change.CONFINE, t.get(1).change());
        assertEquals("shared reads", t.get(0).measure());
        assertEquals("app.Dictionary.Entry[] at Dictionary.<init>:20 (90% of shared reads; Thread-0, Thread-1, "
                + "Thread-2 and 1 more)", t.get(0).describe());
    }

    @Test
    void noAdviceWithoutDependenciesOrObjects() {
        for (DataDependency d : new DataDependency[] {DataDependency.DATA_PARALLEL, DataDependency.UNCERTAIN, null}) {
            assertTrue(SharingAdvice.targets(d, SYNCHRONIZED_MAP, 1).isEmpty(), String.valueOf(d));
        }
        assertTrue(SharingAdvice.targets(DataDependency.READ_WRITE, List.of(), 100).isEmpty());
    }

    @Test
    void atMostThreeObjectsAndNoneBelowOnePercent() {
        List<SharedObject> many = List.of(o("a.A", "a.M.m:1", 0, 400, FOUR), o("a.B", "a.M.m:2", 0, 300, FOUR),
                o("a.C", "a.M.m:3", 0, 200, FOUR), o("a.D", "a.M.m:4", 0, 100, FOUR));
        assertEquals(3, SharingAdvice.targets(DataDependency.READ_WRITE, many, 0).size());
        // without a total the named sites are the whole: a.A has 40%
        assertEquals(40, SharingAdvice.targets(DataDependency.READ_WRITE, many, 0).get(0).sharePct(), 1e-9);
        assertEquals(1, SharingAdvice.targets(DataDependency.READ_WRITE, many, 40_000).size(), "a.A is 1%, a.B 0.75%");
    }

    @Test
    void theDiagnosisSamplesAsSparselyAsTheTopObjectAllows() {
        // dining-philosophers --quick: 135,000 shared accesses of the lock between two threads
        List<SharingAdvice.Target> lock = SharingAdvice.targets(DataDependency.READ_WRITE,
                List.of(o("java.util.concurrent.locks.ReentrantLock$NonfairSync", "java.util.concurrent.locks.ReentrantLock"
                        + ".<init>:294", 81_424, 53_488, List.of("worker-0", "worker-1"))), 0);
        assertEquals(16, SharingAdvice.diagnoseSampling(lock), "67,456 a thread: one in 16 leaves 4,216 each");
        assertEquals(1, SharingAdvice.diagnoseSampling(SharingAdvice.targets(DataDependency.READ_WRITE,
                List.of(o("a.A", "a.M.m:1", 100, 100, FOUR)), 0)), "too few for any sampling: --exact");
        assertEquals(SharingAdvice.SPARSEST_SAMPLING, SharingAdvice.diagnoseSampling(
                SharingAdvice.targets(DataDependency.READ_WRITE, SYNCHRONIZED_MAP, 0)));
    }

    @Test
    void typesAreNamedAsJavaSourceNamesThem() {
        assertEquals("java.util.HashMap.Node[]", SharingAdvice.javaName("java.util.HashMap$Node[]"));
        assertEquals("long[]", SharingAdvice.javaName("long[]"));
        assertEquals("app.Main$1", SharingAdvice.javaName("app.Main$1"), "an anonymous class has no source name");
        assertEquals("app.Main$$Lambda", SharingAdvice.javaName("app.Main$$Lambda"));
    }
}
