package com.numa.gc.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.trace.TraceEvent;
import com.numa.core.trace.TraceReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JbbTraceGeneratorTest {
    private static final JbbTraceGenerator.Config SMALL = new JbbTraceGenerator.Config(3, 10, 20, 50, 7);

    @Test
    void theSameSeedGivesTheSameTrace() {
        assertArrayEquals(JbbTraceGenerator.generate(SMALL), JbbTraceGenerator.generate(SMALL));
    }

    @Test
    void theTraceHasTheShapeOfTheWorkload() throws IOException {
        Set<Long> allocated = new HashSet<>();
        Map<Integer, Integer> sites = new HashMap<>();
        Map<Long, Set<Integer>> customerWriters = new HashMap<>();
        Set<Long> customers = new HashSet<>();
        int gcs = 0;
        try (TraceReader r = new TraceReader(new ByteArrayInputStream(JbbTraceGenerator.generate(SMALL)), "jbb")) {
            for (TraceEvent e = r.next(); e != null; e = r.next()) {
                if (e instanceof TraceEvent.Alloc a) {
                    assertTrue(allocated.add(a.object()), "ids are unique");
                    sites.merge(a.site(), 1, Integer::sum);
                    if (a.site() == 4) {
                        customers.add(a.object());
                    }
                } else if (e instanceof TraceEvent.Store s) {
                    assertTrue(allocated.contains(s.object()) && (s.target() == 0 || allocated.contains(s.target())));
                } else if (e instanceof TraceEvent.Read rd) {
                    assertTrue(allocated.contains(rd.object()));
                } else if (e instanceof TraceEvent.Write w) {
                    assertTrue(allocated.contains(w.object()));
                    if (customers.contains(w.object())) {
                        customerWriters.computeIfAbsent(w.object(), k -> new HashSet<>()).add(w.thread());
                    }
                } else if (e instanceof TraceEvent.Gc) {
                    gcs++;
                }
            }
        }
        assertEquals(1, sites.get(2), "one catalog");
        assertEquals(20, sites.get(1), "catalog items");
        assertEquals(3, sites.get(3), "one warehouse per thread");
        assertEquals(30, sites.get(4), "customers");
        assertEquals(3 * 50, sites.get(5), "one order per transaction");
        assertEquals(1, gcs, "the explicit GC after loading");
        // A customer is written by the loader and then only by its own warehouse's thread.
        for (Set<Integer> writers : customerWriters.values()) {
            assertTrue(writers.contains(0) && writers.size() <= 2, writers.toString());
        }
    }
}
