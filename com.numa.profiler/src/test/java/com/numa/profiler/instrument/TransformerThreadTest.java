package com.numa.profiler.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.numa.core.log.NumaLog;
import com.numa.profiler.tracking.HookHold;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What the transformer does to the thread it runs on: its hooks are held off while a class is rewritten (the
 * rewriting's own work in instrumented JDK code is not the application's), and once the profile is final nothing
 * more is rewritten.
 */
class TransformerThreadTest {
    /** Counts holds and releases; {@code grants}: whether hold() holds (false: the hooks were already off). */
    private static final class CountingHold implements HookHold {
        final boolean grants;
        final AtomicInteger holds = new AtomicInteger();
        final AtomicInteger releases = new AtomicInteger();

        CountingHold(boolean grants) {
            this.grants = grants;
        }

        @Override
        public boolean hold() {
            holds.incrementAndGet();
            return grants;
        }

        @Override
        public void release() {
            releases.incrementAndGet();
        }
    }

    private static byte[] sample() throws Exception {
        try (InputStream in = TransformerThreadTest.class.getClassLoader()
                .getResourceAsStream(TransformerTest.SAMPLE.replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private static byte[] transform(ProfilerTransformer t) throws Exception {
        return t.transform(TransformerThreadTest.class.getClassLoader(), TransformerTest.SAMPLE.replace('.', '/'), null,
                null, sample());
    }

    @Test
    void theHooksAreHeldWhileAClassIsRewrittenAndReleasedAfter() throws Exception {
        ProfilerTransformer t = TransformerTest.transformer(true, new NumaLog(System.err));
        CountingHold hold = new CountingHold(true);
        t.holdHooksWhileRewriting(hold);
        assertNotNull(transform(t));
        assertEquals(1, hold.holds.get());
        assertEquals(1, hold.releases.get());
    }

    @Test
    void hooksAlreadyOffAreNotReleased() throws Exception {
        // a class loaded inside a hook, or on one of the profiler's own threads: they stay off after the rewrite
        ProfilerTransformer t = TransformerTest.transformer(true, new NumaLog(System.err));
        CountingHold hold = new CountingHold(false);
        t.holdHooksWhileRewriting(hold);
        assertNotNull(transform(t));
        assertEquals(1, hold.holds.get());
        assertEquals(0, hold.releases.get());
    }

    @Test
    void nothingIsRewrittenOnceTheProfileIsFinal() throws Exception {
        ProfilerTransformer t = TransformerTest.transformer(true, new NumaLog(System.err));
        CountingHold hold = new CountingHold(true);
        t.holdHooksWhileRewriting(hold);
        t.finish();
        assertNull(transform(t), "the class loads as it is");
        assertEquals(0, hold.holds.get());
        assertEquals(0, t.transformedCount());
    }
}
