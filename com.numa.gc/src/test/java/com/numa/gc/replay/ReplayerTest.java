package com.numa.gc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.gc.heap.Collectors;
import com.numa.gc.heap.HeapExhaustedException;
import com.numa.gc.heap.TestTopologies;
import com.numa.gc.heap.ThreadPinning;
import com.numa.gc.report.ReplayReport;
import com.numa.gc.synth.JbbTraceGenerator;
import com.numa.core.trace.TraceEvent;
import com.numa.core.trace.TraceReader;
import com.numa.core.trace.TraceWriter;
import com.numa.core.topology.NumaTopology;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayerTest {
    private static final byte[] JBB = JbbTraceGenerator.generate(new JbbTraceGenerator.Config(4, 50, 100, 400, 3));

    private static Replayer replayer(long heapBytes) {
        NumaTopology t = TestTopologies.nodes(2);
        return new Replayer(t, heapBytes, 1, ThreadPinning.affinity(t), Replayer.ThreadPlacement.AS_TRACED, false, null);
    }

    private static Replayer.TraceSource source(byte[] bytes) {
        return () -> new TraceReader(new ByteArrayInputStream(bytes), "test trace");
    }

    private static long accessEvents(byte[] trace) throws IOException {
        long n = 0;
        try (TraceReader r = source(trace).open()) {
            for (TraceEvent e = r.next(); e != null; e = r.next()) {
                n += e instanceof TraceEvent.Read || e instanceof TraceEvent.Write ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void everySampledAccessIsCountedOnceAsLocalOrRemote() throws IOException {
        ReplayResult r = replayer(1L << 20).replay(Collectors.byName("numa-eden"), source(JBB));
        assertEquals(accessEvents(JBB), r.accesses().local() + r.accesses().remote());
        assertTrue(r.heap().collections() >= 2, "the explicit GC and at least one when a semispace filled: "
                + r.heap().collections());
        assertEquals(r.heap().collections(), r.heap().pausesNs().length);
        assertTrue(r.heap().bytesCopied() > 0);
        assertTrue(r.notes().isEmpty(), r.notes().toString());
    }

    @Test
    void numaToSpaceHasFewerRemoteAccessesThanTheBaselineAndBothHotSpotModels() throws IOException {
        Replayer replayer = replayer(1L << 20);
        ReplayResult tospace = replayer.replay(Collectors.byName("numa-tospace"), source(JBB));
        List<ReplayResult> results = new ArrayList<>(List.of(tospace));
        for (String other : List.of("baseline", "parallel-numa", "g1-numa")) {
            ReplayResult r = replayer.replay(Collectors.byName(other), source(JBB));
            results.add(r);
            assertTrue(tospace.accesses().remote() < r.accesses().remote(),
                    "numa-tospace " + tospace.accesses().remote() + " vs " + other + " " + r.accesses().remote());
        }
        ReplayReport report = new ReplayReport(results);
        double expected = 100.0 * (1 - (double) tospace.accesses().remote() / results.get(1).accesses().remote());
        assertEquals(expected, report.reductionPct(tospace, "baseline").orElseThrow(), 1e-9);
        assertTrue(report.reductionPct(tospace, "numa-eden").isEmpty(), "no numa-eden result to compare with");
    }

    @Test
    void aTraceThatUsesADeadObjectNamesTheEvent() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TraceWriter w = new TraceWriter(out)) {
            w.threadStart(0, 0);
            w.alloc(0, 1, 1, 0, 8);
            w.alloc(0, 1, 2, 0, 8); // object 1 is now unreachable
            w.gc(0);
            w.read(0, 1);
        }
        ReplayException e = assertThrows(ReplayException.class,
                () -> replayer(1L << 20).replay(Collectors.byName("baseline"), source(out.toByteArray())));
        assertTrue(e.getMessage().startsWith("trace event 5 (Read[thread=0, object=1]): object 1 is not live"),
                e.getMessage());
    }

    @Test
    void aLenientReplaySkipsCollectedObjectsAndClipsLargeOnesCountingBoth() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TraceWriter w = new TraceWriter(out)) {
            w.threadStart(0, 0);
            w.alloc(0, 1, 1, 0, 8);
            w.alloc(0, 1, 2, 100_000, 0); // larger than a region: clipped
            w.store(0, 2, 99_999, 0); // into a clipped slot: skipped
            w.store(0, 2, 0, 0);
            w.gc(0); // object 1 was held by a local in the real run; the replay collects it
            w.read(0, 1); // skipped
            w.read(0, 2);
        }
        NumaTopology t = TestTopologies.nodes(2);
        Replayer lenient = new Replayer(t, 1L << 20, 1, ThreadPinning.affinity(t),
                Replayer.ThreadPlacement.AS_TRACED, true, null);
        ReplayResult r = lenient.replay(Collectors.byName("baseline"), source(out.toByteArray()));
        assertEquals(1, r.accesses().local() + r.accesses().remote());
        assertTrue(r.notes().toString().contains("1 events skipped"), r.notes().toString());
        assertTrue(r.notes().toString().contains("1 objects larger than a region clipped, 1 stores into clipped"),
                r.notes().toString());
    }

    @Test
    void aHeapTooSmallForTheLiveSetIsReported() {
        HeapExhaustedException e = assertThrows(HeapExhaustedException.class,
                () -> replayer(256L << 10).replay(Collectors.byName("numa-tospace"), source(JBB)));
        assertTrue(e.getMessage().contains("too small for the live set"), e.getMessage());
    }
}
