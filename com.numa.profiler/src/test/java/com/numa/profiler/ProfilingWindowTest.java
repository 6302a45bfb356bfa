package com.numa.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProfilingWindowTest {
    @Test
    void startsAfterTheNthExplicitGc() {
        List<Boolean> switched = new ArrayList<>();
        ProfilingWindow w = new ProfilingWindow(3, false, false, switched::add);
        assertFalse(w.active());
        w.explicitGc();
        w.explicitGc();
        assertFalse(w.active());
        w.explicitGc();
        assertTrue(w.active());
        w.explicitGc();
        assertTrue(w.active());
        assertEquals(4, w.explicitGcs());
        assertEquals(List.of(false, true), switched);
    }

    @Test
    void methodWindowAndOnDemand() {
        ProfilingWindow w = new ProfilingWindow(0, true, false, b -> { });
        assertFalse(w.active());
        w.controlPoint(ProfilingWindow.START_POINT);
        assertTrue(w.active());
        w.controlPoint(ProfilingWindow.STOP_POINT);
        assertFalse(w.active());
        ProfilingWindow demand = new ProfilingWindow(0, false, true, b -> { });
        assertFalse(demand.active());
        demand.set(true);
        assertTrue(demand.active());
        assertTrue(new ProfilingWindow(0, false, false, b -> { }).active(), "by default everything is profiled");
    }
}
