package com.numa.profiler.instrument;

import com.numa.profiler.IgnoringSink;
import com.numa.profiler.OwnCopyLoader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.log.NumaLog;
import com.numa.profiler.groundtruth.AtomicCallsAndFields;
import com.numa.profiler.rt.Hooks;
import com.numa.profiler.sharing.FieldIds;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The diagnosis' instrumentation, loaded in this JVM (so the verifier checks the rewritten code) and run against a
 * recording sink: field hooks name their fields, atomic-box calls of every argument shape report their box's value,
 * and without the diagnosis the classes call the plain hooks only.
 */
class DiagnosisInstrumentationTest {
    private static final String SAMPLE = AtomicCallsAndFields.class.getName();

    /** Every access: the object's simple class name, "r"/"w", and the field as owner.name (or "-" without an id). */
    static final class RecordingSink extends IgnoringSink {
        final List<String> seen = new ArrayList<>();
        private final FieldIds ids;

        RecordingSink(FieldIds ids) {
            this.ids = ids;
        }

        private void add(Object o, String rw, String field) {
            if (!(o instanceof Thread)) {
                seen.add(o.getClass().getSimpleName() + " " + rw + " " + field);
            }
        }

        private String name(int id) {
            String owner = ids.owner(id);
            return owner.substring(owner.lastIndexOf('.') + 1) + "." + ids.name(id);
        }

        @Override public void read(Object o) { add(o, "r", "-"); }
        @Override public void write(Object o) { add(o, "w", "-"); }
        @Override public void readField(Object o, int id) { add(o, "r", name(id)); }
        @Override public void writeField(Object o, int id) { add(o, "w", name(id)); }
    }

    @AfterEach
    void reset() {
        Hooks.setActive(false);
        Hooks.setSampling(1);
        Hooks.install(null);
    }

    private static List<String> run(FieldIds ids, boolean sampled) throws Exception {
        ProfilerTransformer t = TransformerTest.transformer(true, sampled, new NumaLog(System.err));
        if (ids != null) {
            t.diagnose(ids);
        }
        Class<?> c = new OwnCopyLoader(SAMPLE::equals, OwnCopyLoader.transforming(t)).loadClass(SAMPLE);
        RecordingSink sink = new RecordingSink(ids);
        Hooks.install(sink);
        Hooks.setActive(true);
        try {
            assertEquals(AtomicCallsAndFields.compute(), (long) c.getMethod("compute").invoke(null));
            assertEquals(0, t.failedCount());
        } finally {
            Hooks.setActive(false);
        }
        return sink.seen;
    }

    @Test
    void fieldHooksNameTheirFieldAndAtomicCallsReportTheBox() throws Exception {
        List<String> expected = List.of(
                "AtomicLong w AtomicLong.value", // incrementAndGet()
                "AtomicLong w AtomicLong.value", // addAndGet(long)
                "AtomicLong w AtomicLong.value", // compareAndSet(long, long), replaced
                "AtomicLong r AtomicLong.value", // get(); accumulateAndGet(long, op) is not seen
                "AtomicInteger w AtomicInteger.value", // set(int)
                "AtomicInteger w AtomicInteger.value", // compareAndSet(int, int)
                "AtomicInteger r AtomicInteger.value", // intValue()
                "AtomicBoolean w AtomicBoolean.value", // getAndSet(boolean)
                "AtomicReference w AtomicReference.value", // compareAndSet(V, V)
                "AtomicReference r AtomicReference.value", // get()
                "AtomicCallsAndFields r AtomicCallsAndFields.counter", "AtomicCallsAndFields w AtomicCallsAndFields.counter",
                "AtomicCallsAndFields r AtomicCallsAndFields.total", "AtomicCallsAndFields w AtomicCallsAndFields.total",
                "AtomicCallsAndFields r AtomicCallsAndFields.total", "AtomicCallsAndFields r AtomicCallsAndFields.counter");
        assertEquals(expected, run(new FieldIds(), false));
        // sampled at 1 in 1: the same hooks in their countdown form (the replaced compareAndSet(long, long) is not)
        Hooks.setSampling(1);
        List<String> sampled = run(new FieldIds(), true);
        List<String> withoutCas = new ArrayList<>(expected);
        withoutCas.remove(2);
        assertEquals(withoutCas, sampled);
    }

    @Test
    void withoutTheDiagnosisOnlyThePlainHooksAreCalled() throws Exception {
        List<String> seen = run(null, false);
        assertEquals(List.of("AtomicCallsAndFields r -", "AtomicCallsAndFields w -", "AtomicCallsAndFields r -",
                "AtomicCallsAndFields w -", "AtomicCallsAndFields r -", "AtomicCallsAndFields r -"), seen);
        for (String s : seen) {
            assertTrue(!s.contains("Atomic") || s.startsWith("AtomicCallsAndFields"), s);
        }
    }
}
