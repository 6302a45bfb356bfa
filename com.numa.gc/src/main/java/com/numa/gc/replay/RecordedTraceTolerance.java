package com.numa.gc.replay;

import com.numa.gc.heap.ResearchHeap;
import com.numa.core.trace.TraceEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a trace recorded from a real run (-XX:NUMAProfilerTrace) cannot say, and how the replay copes, counting each
 * case. A real run keeps objects alive through local variables, which no trace records: the replay's roots are the
 * static fields and each thread's last allocation only, so it may collect an object the run still used; events naming
 * such an object are skipped. Objects larger than a heap region (the research heap has no large-object space) are
 * clipped to one region; stores into their clipped slots are skipped.
 */
final class RecordedTraceTolerance {
    /** Slots of a region-sized object: header, then 8 bytes a slot, leaving room for the layout's own rounding. */
    private static final int MAX_SLOTS = 0xFFFF;
    private final ResearchHeap heap;
    private final Map<Long, Integer> clippedSlots = new HashMap<>();
    private long collectedObjectEvents;
    private long clippedStores;

    RecordedTraceTolerance(ResearchHeap heap) {
        this.heap = heap;
    }

    /** The event to perform (an allocation possibly clipped), or null to skip it. */
    TraceEvent admit(TraceEvent e) {
        if (e instanceof TraceEvent.Alloc a) {
            int room = heap.maxObjectBytes() - 64;
            long bytes = 8L * a.slots() + a.payloadBytes();
            if (bytes <= room && a.slots() <= MAX_SLOTS) {
                return e;
            }
            int slots = Math.min(Math.min(a.slots(), MAX_SLOTS), room / 8);
            clippedSlots.put(a.object(), slots);
            return new TraceEvent.Alloc(a.thread(), a.site(), a.object(), slots,
                    Math.min(a.payloadBytes(), room - 8 * slots));
        }
        if (e instanceof TraceEvent.Store s) {
            Integer limit = clippedSlots.get(s.object());
            if (limit != null && s.slot() >= limit) {
                clippedStores++;
                return null;
            }
        }
        return e;
    }

    /** Performs an admitted event; one naming an object the replay already collected is skipped and counted. */
    void perform(Runnable event) {
        try {
            event.run();
        } catch (IllegalArgumentException ex) {
            if (ex.getMessage() == null || !ex.getMessage().contains("is not live")) {
                throw ex;
            }
            collectedObjectEvents++;
        }
    }

    List<String> notes() {
        List<String> n = new ArrayList<>();
        n.add("lenient replay of a recorded trace: " + collectedObjectEvents + " events skipped (they named objects "
                + "the replay had collected: kept alive by locals in the real run), " + clippedSlots.size()
                + " objects larger than a region clipped, " + clippedStores + " stores into clipped slots skipped");
        return n;
    }
}
