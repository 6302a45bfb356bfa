package com.numa.perfutil.locality;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampleRecordsTest {

    /** What the decoder saw, in order. */
    private static final class Recorded implements SampleRecords.Sink {
        final List<String> events = new ArrayList<>();
        long lost;

        @Override
        public void sample(int pid, int tid, long address, int cpu) {
            events.add(pid + "/" + tid + "@" + Long.toHexString(address) + "#" + cpu);
        }

        @Override
        public void lost(long samples) {
            lost += samples;
            events.add("lost " + samples);
        }

        @Override
        public void throttled() {
            events.add("throttle");
        }
    }

    private static ByteBuffer buffer(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.nativeOrder());
    }

    private static void sample(ByteBuffer b, int pid, int tid, long addr, int cpu) {
        b.putInt(SampleRecords.RECORD_SAMPLE).putShort((short) 0).putShort((short) SampleRecords.SAMPLE_BYTES);
        b.putInt(pid).putInt(tid).putLong(addr).putInt(cpu).putInt(0);
    }

    @Test
    void decodesSamplesLostAndThrottleRecordsAndSkipsOthers() {
        ByteBuffer b = buffer(256);
        sample(b, 10, 11, 0x7f0000001234L, 1);
        b.putInt(SampleRecords.RECORD_LOST).putShort((short) 0).putShort((short) 24).putLong(99).putLong(7);
        b.putInt(3).putShort((short) 0).putShort((short) 16).putLong(0); // PERF_RECORD_COMM-like: skipped
        b.putInt(SampleRecords.RECORD_THROTTLE).putShort((short) 0).putShort((short) 24).putLong(1).putLong(2);
        sample(b, 10, 12, 0x1000, 0);
        Recorded r = new Recorded();
        int used = SampleRecords.decode(b.array(), b.position(), r);
        assertEquals(b.position(), used);
        assertEquals(List.of("10/11@7f0000001234#1", "lost 7", "throttle", "10/12@1000#0"), r.events);
        assertEquals(7, r.lost);
    }

    @Test
    void leavesAPartialRecordForTheNextRead() {
        ByteBuffer b = buffer(64);
        sample(b, 1, 2, 0x2000, 0);
        sample(b, 1, 2, 0x3000, 0);
        Recorded r = new Recorded();
        int used = SampleRecords.decode(b.array(), SampleRecords.SAMPLE_BYTES + 10, r);
        assertEquals(SampleRecords.SAMPLE_BYTES, used);
        assertEquals(1, r.events.size());
    }

    @Test
    void aRecordShorterThanItsHeaderIsCorruption() {
        ByteBuffer b = buffer(16);
        b.putInt(SampleRecords.RECORD_SAMPLE).putShort((short) 0).putShort((short) 4);
        assertThrows(IllegalStateException.class, () -> SampleRecords.decode(b.array(), 16, new Recorded()));
    }

    @Test
    void copyOutWrapsAtTheEndOfTheRing() {
        ByteBuffer ring = ByteBuffer.allocate(16);
        for (int i = 0; i < 16; i++) {
            ring.put(i, (byte) i);
        }
        byte[] into = new byte[16];
        // positions run freely: 28..36 is ring offsets 12..15 then 0..3
        int n = SampleRecords.copyOut(ring, 28, 36, into);
        assertEquals(8, n);
        assertArrayEquals(new byte[] {12, 13, 14, 15, 0, 1, 2, 3}, java.util.Arrays.copyOf(into, 8));
        assertThrows(IllegalStateException.class, () -> SampleRecords.copyOut(ring, 0, 17, into));
    }

    @Test
    void aSampleSpanningTheWrapDecodesWhole() {
        ByteBuffer linear = buffer(SampleRecords.SAMPLE_BYTES);
        sample(linear, 5, 6, 0xabc000, 1);
        ByteBuffer ring = ByteBuffer.allocate(32);
        // the record starts 20 bytes before the ring's end
        for (int i = 0; i < SampleRecords.SAMPLE_BYTES; i++) {
            ring.put((12 + i) % 32, linear.get(i));
        }
        byte[] into = new byte[32];
        int n = SampleRecords.copyOut(ring, 32 + 12, 32 + 12 + SampleRecords.SAMPLE_BYTES, into);
        Recorded r = new Recorded();
        assertEquals(SampleRecords.SAMPLE_BYTES, SampleRecords.decode(into, n, r));
        assertEquals(List.of("5/6@abc000#1"), r.events);
    }
}
