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
        public void sample(int pid, int tid, long address, int cpu, int node) {
            events.add(pid + "/" + tid + "@" + Long.toHexString(address) + "#" + cpu + (node >= 0 ? " n" + node : ""));
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
        int used = SampleRecords.decode(b.array(), b.position(), SampleRecords.Layout.ADDRESS, r);
        assertEquals(b.position(), used);
        assertEquals(List.of("10/11@7f0000001234#1", "lost 7", "throttle", "10/12@1000#0"), r.events);
        assertEquals(7, r.lost);
    }

    @Test
    void aProbeSampleGivesTheAddressFromDxAndThePagesNodeFromCx() {
        // PERF_SAMPLE_TID | CPU | REGS_INTR with CX, DX: the probe on numa_migrate_prep(page, vma, addr, page_nid, ...)
        ByteBuffer b = buffer(128);
        int size = SampleRecords.Layout.ARGUMENT_REGISTERS.sampleBytes;
        b.putInt(SampleRecords.RECORD_SAMPLE).putShort((short) 0).putShort((short) size);
        b.putInt(40).putInt(41).putInt(3).putInt(0).putLong(2 /* PERF_SAMPLE_REGS_ABI_64 */).putLong(1).putLong(0x7f00dead0000L);
        b.putInt(SampleRecords.RECORD_LOST).putShort((short) 0).putShort((short) 24).putLong(99).putLong(2);
        Recorded r = new Recorded();
        assertEquals(b.position(), SampleRecords.decode(b.array(), b.position(), SampleRecords.Layout.ARGUMENT_REGISTERS, r));
        assertEquals(List.of("40/41@7f00dead0000#3 n1", "lost 2"), r.events);
        assertEquals(48, size, "header, pid/tid, cpu/res, abi, cx, dx");
    }

    @Test
    void leavesAPartialRecordForTheNextRead() {
        ByteBuffer b = buffer(64);
        sample(b, 1, 2, 0x2000, 0);
        sample(b, 1, 2, 0x3000, 0);
        Recorded r = new Recorded();
        int used = SampleRecords.decode(b.array(), SampleRecords.SAMPLE_BYTES + 10, SampleRecords.Layout.ADDRESS, r);
        assertEquals(SampleRecords.SAMPLE_BYTES, used);
        assertEquals(1, r.events.size());
    }

    @Test
    void aRecordShorterThanItsHeaderIsCorruption() {
        ByteBuffer b = buffer(16);
        b.putInt(SampleRecords.RECORD_SAMPLE).putShort((short) 0).putShort((short) 4);
        assertThrows(IllegalStateException.class, () -> SampleRecords.decode(b.array(), 16, SampleRecords.Layout.ADDRESS, new Recorded()));
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
        assertEquals(SampleRecords.SAMPLE_BYTES, SampleRecords.decode(into, n, SampleRecords.Layout.ADDRESS, r));
        assertEquals(List.of("5/6@abc000#1"), r.events);
    }
}
