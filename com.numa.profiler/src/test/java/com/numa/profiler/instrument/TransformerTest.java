package com.numa.profiler.instrument;

import com.numa.core.log.NumaLog;
import com.numa.profiler.OwnCopyLoader;
import com.numa.profiler.ProfilerFeature;
import com.numa.profiler.tracking.HeaderWordClasses;
import com.numa.profiler.tracking.SiteRegistry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.profiler.groundtruth.AllKindsOfAccess;
import com.numa.profiler.rt.AccessSink;
import com.numa.profiler.rt.Hooks;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.ObjectStreamClass;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The rewritten bytecode, loaded in this JVM (so the verifier checks it) and run against a counting sink. */
public class TransformerTest {
    static final String SAMPLE = "com.numa.profiler.groundtruth.AllKindsOfAccess";
    /** Tool code never instrumented: the profiler's own packages (the agent adds every other feature's). */
    static final List<String> TOOL = new ProfilerFeature().ownPackages();

    static final class CountingSink implements AccessSink {
        final AtomicInteger reads = new AtomicInteger();
        /** Reads of instance fields (reads also counts those of array elements). */
        final AtomicInteger fieldReads = new AtomicInteger();
        final AtomicInteger writes = new AtomicInteger();
        final AtomicInteger staticReads = new AtomicInteger();
        final AtomicInteger staticWrites = new AtomicInteger();
        final AtomicInteger allocations = new AtomicInteger();
        /** Primitive arrays only counted (not tagged), weighed; and their bytes, weighed. */
        final AtomicInteger primitiveArrays = new AtomicInteger();
        final AtomicInteger primitiveArrayBytes = new AtomicInteger();

        @Override public void read(Object o) { reads.incrementAndGet(); fieldReads.incrementAndGet(); }
        @Override public void write(Object o) { writes.incrementAndGet(); }
        @Override public void readArray(Object a, int i) { reads.incrementAndGet(); }
        @Override public void writeArray(Object a, int i) { writes.incrementAndGet(); }
        @Override public void readStatic(int id) { staticReads.incrementAndGet(); }
        @Override public void writeStatic(int id) { staticWrites.incrementAndGet(); }
        @Override public void allocated(Object o, int site) { allocations.incrementAndGet(); }
        @Override public void primitiveArrayMade(int length, int siteAndScale, int weight) {
            primitiveArrays.addAndGet(weight);
            primitiveArrayBytes.addAndGet(weight * length << (siteAndScale & 3));
        }
        @Override public void explicitGc() { }
        @Override public void controlPoint(int id) { }
    }

    static ProfilerTransformer transformer(boolean all, NumaLog log) {
        return transformer(all, false, log);
    }

    public static ProfilerTransformer transformer(boolean all, boolean sampled, NumaLog log) {
        return new ProfilerTransformer(new ClassFilter(TOOL, List.of(), List.of(), false), new SiteRegistry(), all, sampled, "",
                "", log, null, new HeaderWordClasses(true));
    }

    @AfterEach
    void reset() {
        Hooks.setActive(false);
        Hooks.install(null);
    }

    private static long run(boolean all, CountingSink sink) throws Exception {
        return run(all, false, sink);
    }

    private static long run(boolean all, boolean sampled, CountingSink sink) throws Exception {
        return run(SAMPLE, all, sampled, sink);
    }

    /** Runs {@code sample}'s static {@code compute()}, the sample (and its nested classes) instrumented. */
    private static long run(String sample, boolean all, boolean sampled, CountingSink sink) throws Exception {
        ProfilerTransformer t = transformer(all, sampled, new NumaLog(System.err));
        Class<?> c = new OwnCopyLoader(n -> n.startsWith(sample), OwnCopyLoader.transforming(t)).loadClass(sample);
        Hooks.install(sink);
        Hooks.setActive(true);
        try {
            long v = (long) c.getMethod("compute").invoke(null);
            assertEquals(0, t.failedCount());
            return v;
        } finally {
            Hooks.setActive(false);
        }
    }

    @Test
    void instrumentedCodeComputesTheSameAndReportsEveryAccess() throws Exception {
        long expected = AllKindsOfAccess.compute();
        CountingSink all = new CountingSink();
        assertEquals(expected, run(true, all));
        CountingSink refs = new CountingSink();
        assertEquals(expected, run(false, refs));
        // allocations: the object, 5 one-dimensional arrays, the 2-D grid (tagged once), the inner object; with
        // references only, the 4 primitive arrays (4 longs, 4 doubles, 4 bytes, 4 booleans) are counted by their
        // length and element size, and not tagged: no hook reads their elements
        assertEquals(8, all.allocations.get());
        assertEquals(0, all.primitiveArrays.get());
        assertEquals(4, refs.allocations.get());
        assertEquals(4, refs.primitiveArrays.get());
        assertEquals(4 * 8 + 4 * 8 + 4 + 4, refs.primitiveArrayBytes.get());
        // primitive accesses only show in 'all' mode
        assertTrue(all.reads.get() > refs.reads.get() && all.writes.get() > refs.writes.get());
        // reference-only: a.ref write, objs[i] 4 writes; reads: a.ref x4, objs[i] x4, grid[i%3] x4 x2
        assertEquals(1 + 4, refs.writes.get());
        assertEquals(4 + 4 + 8, refs.reads.get());
        assertEquals(2, refs.staticWrites.get(), "<clinit> runs while active: staticRef = \"s\", then staticRef = objs");
        assertEquals(1, refs.staticReads.get());
        // all: + wide, real, small writes, 4 x 5 primitive array stores, grid[i%3][i] store, Inner.v (this.small read)
        assertEquals(5 + 3 + 4 * 4 + 4 + 1, all.writes.get());
        assertEquals(4, all.staticWrites.get());
        assertEquals(3, all.staticReads.get());
    }

    @Test
    void readsOfStaticFinalsGetNoHook() throws Exception {
        String sample = "com.numa.profiler.groundtruth.StaticReads";
        for (boolean sampled : new boolean[] {false, true}) { // sampled at 1 in 1: every hooked access passed on
            CountingSink sink = new CountingSink();
            assertEquals(5, run(sample, false, sampled, sink));
            assertEquals(com.numa.profiler.groundtruth.StaticReads.HOOKED, sink.staticReads.get(),
                    "only the plain static and System.out (sampled: " + sampled + ")");
            assertEquals(3, sink.staticWrites.get(), "the static initializers' writes stay: OWN, mutable, MAX");
        }
    }

    @Test
    void readsThatCompiledCodeMakesOnceGetNoHook() throws Exception {
        String sample = "com.numa.profiler.groundtruth.RepeatedReads";
        long expected = com.numa.profiler.groundtruth.RepeatedReads.compute();
        for (boolean sampled : new boolean[] {false, true}) { // sampled at 1 in 1: every hooked access passed on
            CountingSink sink = new CountingSink();
            assertEquals(expected, run(sample, false, sampled, sink));
            assertEquals(com.numa.profiler.groundtruth.RepeatedReads.HOOKED, sink.fieldReads.get(),
                    "of " + com.numa.profiler.groundtruth.RepeatedReads.MADE + " reads: repeats in a block and loop "
                            + "invariants unhooked, each look-alike kept (sampled: " + sampled + ")");
            assertEquals(0, sink.staticReads.get(), "the plain static read in a loop that changes nothing");
        }
    }

    @Test
    void sampledCodeComputesTheSameAndPassesOnOneAccessInN() throws Exception {
        CountingSink every = new CountingSink();
        long expected = run(true, every); // a fresh copy of the class each run: the original's statics have moved on
        long total = every.reads.get() + every.writes.get() + every.staticReads.get() + every.staticWrites.get();
        for (int n : new int[] {1, 3, 7}) {
            Hooks.setSampling(n);
            try {
                CountingSink sampled = new CountingSink();
                assertEquals(expected, run(true, true, sampled), "sampled code must compute the same (n=" + n + ")");
                long seen = sampled.reads.get() + sampled.writes.get() + sampled.staticReads.get() + sampled.staticWrites.get();
                // the countdown is carried across the calls (constructors, the inner class): exactly one access in
                // each block of n, wherever in the block it falls; the last, partial block may have none
                assertTrue(seen == total / n || seen == (total + n - 1) / n, "n=" + n + ": " + seen + " of " + total);
                assertEquals(every.allocations.get(), sampled.allocations.get(), "allocations are never sampled");
            } finally {
                Hooks.setSampling(1);
            }
        }
    }

    @Test
    void onlyMethodsWithHooksGetTheSamplingCountdown() throws Exception {
        byte[] bytes;
        try (InputStream in = TransformerTest.class.getClassLoader().getResourceAsStream(SAMPLE.replace('.', '/') + ".class")) {
            bytes = in.readAllBytes();
        }
        org.objectweb.asm.tree.ClassNode out = new org.objectweb.asm.tree.ClassNode();
        new org.objectweb.asm.ClassReader(transformer(false, true, new NumaLog(System.err)).rewrite(TransformerTest.class.getClassLoader(), bytes, true))
                .accept(out, 0);
        java.util.Map<String, Long> countdownLoads = new java.util.HashMap<>();
        for (org.objectweb.asm.tree.MethodNode m : out.methods) {
            long n = java.util.stream.StreamSupport.stream(m.instructions.spliterator(), false)
                    .filter(i -> i instanceof org.objectweb.asm.tree.MethodInsnNode c && c.name.equals("countdown"))
                    .count();
            countdownLoads.put(m.name, n);
        }
        assertEquals(0, countdownLoads.get("<init>"), "the constructor only calls super(): no access, no local");
        assertTrue(countdownLoads.get("compute") > 1, "compute() loads it at entry and after its calls");
        // no loop and fewer accesses than handovers would cost: each access steps the thread's slot, no local
        assertEquals(0, countdownLoads.get("<clinit>"));
        org.objectweb.asm.tree.MethodNode clinit = out.methods.stream().filter(m -> m.name.equals("<clinit>")).findFirst()
                .orElseThrow();
        assertTrue(java.util.stream.StreamSupport.stream(clinit.instructions.spliterator(), false)
                .anyMatch(i -> i instanceof org.objectweb.asm.tree.MethodInsnNode c && c.name.equals("writeStaticInSlot")));
    }

    @Test
    void topmostClassGetsOnlyTheHeaderWordFieldAndKeepsItsSerialVersionUid() throws Exception {
        ProfilerTransformer t = transformer(false, new NumaLog(System.err));
        Class<?> c = new OwnCopyLoader(n -> n.startsWith(SAMPLE), OwnCopyLoader.transforming(t)).loadClass(SAMPLE);
        java.lang.reflect.Field f = c.getDeclaredField(OwnerFieldInjector.FIELD);
        assertTrue(f.isSynthetic());
        assertEquals(java.lang.reflect.Modifier.PRIVATE | java.lang.reflect.Modifier.TRANSIENT,
                f.getModifiers() & ~0x1000, "private transient (and synthetic)");
        assertEquals(AllKindsOfAccess.class.getDeclaredFields().length + 1, c.getDeclaredFields().length);
        assertEquals(AllKindsOfAccess.class.getDeclaredMethods().length, c.getDeclaredMethods().length,
                "no accessor methods");
        assertEquals(0, c.getInterfaces().length - AllKindsOfAccess.class.getInterfaces().length, "no interface");
        assertEquals(ObjectStreamClass.lookup(AllKindsOfAccess.class).getSerialVersionUID(),
                ObjectStreamClass.lookup(c).getSerialVersionUID());
    }

    @Test
    void aClassThatFailsToTransformIsLeftUnchangedAndReportedOnce() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        NumaLog log = new NumaLog(new PrintStream(err, true));
        ProfilerTransformer t = transformer(false, log);
        byte[] garbage = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 61, 1, 2, 3};
        assertNull(t.transform(TransformerTest.class.getClassLoader(), "com/example/Broken", null, null, garbage));
        assertNull(t.transform(TransformerTest.class.getClassLoader(), "com/example/Broken", null, null, garbage));
        assertEquals(2, t.failedCount());
        String printed = err.toString();
        assertTrue(printed.contains("com.example.Broken left unchanged"), printed);
        assertEquals(printed.indexOf("Broken"), printed.lastIndexOf("Broken"), "reported once: " + printed);
        assertNotNull(log.problemCounts().get("transform:com/example/Broken"));
    }
    /**
     * A JDK class being instrumented is told to FieldReach (its instances may now be reached); an application class,
     * whose fields are judged by its declarations, is not.
     */
    @Test
    void instrumentedJdkClassesAreToldByName() throws Exception {
        ProfilerTransformer t = new ProfilerTransformer(new ClassFilter(TOOL, List.of(), List.of(),
                true), new SiteRegistry(), true, false, "", "", new NumaLog(System.err), null,
                new HeaderWordClasses(true));
        java.util.List<String> told = new java.util.ArrayList<>();
        t.reportInstrumentedJdkClasses(told::add);
        byte[] bitSet;
        try (InputStream in = Object.class.getResourceAsStream("/java/util/BitSet.class")) {
            bitSet = in.readAllBytes();
        }
        assertNotNull(t.transform(null, "java/util/BitSet", null, null, bitSet));
        assertEquals(List.of("java/util/BitSet"), told);
        byte[] sample;
        try (InputStream in = TransformerTest.class.getClassLoader().getResourceAsStream(SAMPLE.replace('.', '/')
                + ".class")) {
            sample = in.readAllBytes();
        }
        assertNotNull(t.transform(TransformerTest.class.getClassLoader(), SAMPLE.replace('.', '/'), null, null,
                sample));
        assertEquals(List.of("java/util/BitSet"), told, "not an application class");
    }
}
