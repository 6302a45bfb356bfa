package com.numa.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceFormatTest {
    private static final List<TraceEvent> ALL_KINDS = List.of(
            new TraceEvent.ThreadStart(0, -1),
            new TraceEvent.ThreadStart(3, 1),
            new TraceEvent.Alloc(3, 7, 1L << 40, 2, 100_000),
            new TraceEvent.Alloc(0, 0, 2, 0, 0),
            new TraceEvent.Store(3, 1L << 40, 1, 2),
            new TraceEvent.Store(3, 1L << 40, 0, 0),
            new TraceEvent.Root(0, 5, 1L << 40),
            new TraceEvent.Read(0, 2),
            new TraceEvent.Write(3, 2),
            new TraceEvent.Gc(0),
            new TraceEvent.ThreadEnd(3));

    private static byte[] write(List<TraceEvent> events) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TraceWriter w = new TraceWriter(out)) {
            for (TraceEvent e : events) {
                w.write(e);
            }
        }
        return out.toByteArray();
    }

    private static List<TraceEvent> read(byte[] bytes) throws IOException {
        List<TraceEvent> events = new ArrayList<>();
        try (TraceReader r = new TraceReader(new ByteArrayInputStream(bytes), "test.trace")) {
            for (TraceEvent e = r.next(); e != null; e = r.next()) {
                events.add(e);
            }
            assertNull(r.next(), "after the end record the reader stays at the end");
        }
        return events;
    }

    @Test
    void everyRecordKindSurvivesARoundTrip() throws IOException {
        assertEquals(ALL_KINDS, read(write(ALL_KINDS)));
    }

    @Test
    void recordsAreCompact() throws IOException {
        // header 8 + a read of a small id: tag, thread, id = 3 bytes, + end record (tag + count) 2 bytes
        assertEquals(8 + 3 + 2, write(List.of(new TraceEvent.Read(1, 5))).length);
    }

    @Test
    void aRecordCutShortIsReportedAsTruncated() throws IOException {
        byte[] full = write(ALL_KINDS);
        byte[] cut = Arrays.copyOf(full, 8 + 5); // inside the third record
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> read(cut));
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void aFileCutAtARecordBoundaryIsReportedAsTruncated() throws IOException {
        byte[] full = write(ALL_KINDS);
        byte[] cut = Arrays.copyOf(full, full.length - 2); // the end record is gone
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> read(cut));
        assertTrue(e.getMessage().contains("truncated") && e.getMessage().contains("end record"), e.getMessage());
    }

    @Test
    void anotherVersionIsRejectedWithBothVersionsNamed() throws IOException {
        byte[] bytes = write(ALL_KINDS);
        bytes[5] = 9;
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> read(bytes));
        assertTrue(e.getMessage().contains("version 9") && e.getMessage().contains("version 1"), e.getMessage());
    }

    @Test
    void aFileThatIsNotATraceIsRejected() {
        TraceFormatException e = assertThrows(TraceFormatException.class,
                () -> read("hello, world".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        assertTrue(e.getMessage().contains("not a numa-jvm GC trace"), e.getMessage());
        assertThrows(TraceFormatException.class, () -> read(new byte[0]));
    }

    @Test
    void anUnknownRecordTagIsReportedWithItsOffset() throws IOException {
        byte[] bytes = write(List.of(new TraceEvent.Gc(0)));
        bytes[8] = 42;
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> read(bytes));
        assertTrue(e.getMessage().contains("unknown record tag 42 at byte 8"), e.getMessage());
    }
}
