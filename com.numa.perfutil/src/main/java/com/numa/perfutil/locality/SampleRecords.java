package com.numa.perfutil.locality;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Decodes the records a fault sampling event writes into its ring buffer, as opened by {@link FaultRing}, in one of two
 * {@link Layout}s. PERF_RECORD_LOST says how many samples the kernel dropped because the buffer was full; throttle
 * records say it stopped sampling for a while (perf_event_max_sample_rate). Every other record type is skipped by its
 * size.
 */
final class SampleRecords {
    static final int RECORD_LOST = 2;
    static final int RECORD_THROTTLE = 5;
    static final int RECORD_SAMPLE = 9;
    static final int HEADER_BYTES = 8;
    /** Header, pid/tid, addr, cpu/res. */
    static final int SAMPLE_BYTES = HEADER_BYTES + 8 + 8 + 8;

    /** How a sample is laid out, from the event's sample_type (the kernel's field order). */
    enum Layout {
        /**
         * {@code PERF_SAMPLE_TID | PERF_SAMPLE_ADDR | PERF_SAMPLE_CPU}: {@code u32 pid, u32 tid}, {@code u64 addr},
         * {@code u32 cpu, u32 res}. The page's node is not in the sample.
         */
        ADDRESS(SAMPLE_BYTES),
        /**
         * {@code PERF_SAMPLE_TID | PERF_SAMPLE_CPU | PERF_SAMPLE_REGS_INTR} with the x86-64 registers CX and DX (bits
         * 2 and 3, so in that order): {@code u32 pid, u32 tid}, {@code u32 cpu, u32 res}, {@code u64 abi}, {@code u64
         * cx, u64 dx}. At a probe on {@code numa_migrate_prep(page, vma, addr, page_nid, flags)} DX is the address and
         * CX the page's node.
         */
        ARGUMENT_REGISTERS(HEADER_BYTES + 8 + 8 + 8 + 16);

        final int sampleBytes;

        Layout(int sampleBytes) {
            this.sampleBytes = sampleBytes;
        }
    }

    /** Where decoded records go. */
    interface Sink {
        /** One sample; {@code node} is the page's node where the sample says it, else -1. */
        void sample(int pid, int tid, long address, int cpu, int node);

        void lost(long samples);

        void throttled();
    }

    private SampleRecords() {
    }

    /**
     * Decodes the records in {@code bytes[0, length)} (already copied out of the ring, in order). Returns the number of
     * bytes consumed: a record cut at the end (which a consistent head never gives) is left for the next read.
     */
    static int decode(byte[] bytes, int length, Layout layout, Sink sink) {
        ByteBuffer b = ByteBuffer.wrap(bytes, 0, length).order(ByteOrder.nativeOrder());
        int at = 0;
        while (length - at >= HEADER_BYTES) {
            int type = b.getInt(at);
            int size = Short.toUnsignedInt(b.getShort(at + 6));
            if (size < HEADER_BYTES) {
                throw new IllegalStateException("corrupt perf record of " + size + " bytes at offset " + at);
            }
            if (length - at < size) {
                break;
            }
            if (type == RECORD_SAMPLE && size >= layout.sampleBytes) {
                if (layout == Layout.ADDRESS) {
                    sink.sample(b.getInt(at + 8), b.getInt(at + 12), b.getLong(at + 16), b.getInt(at + 24), -1);
                } else {
                    sink.sample(b.getInt(at + 8), b.getInt(at + 12), b.getLong(at + 40), b.getInt(at + 16),
                            (int) b.getLong(at + 32));
                }
            } else if (type == RECORD_LOST && size >= HEADER_BYTES + 16) {
                sink.lost(b.getLong(at + 16));
            } else if (type == RECORD_THROTTLE) {
                sink.throttled();
            }
            at += size;
        }
        return at;
    }

    /**
     * Copies the ring's bytes between positions {@code tail} and {@code head} (free-running byte counters, as in
     * perf_event_mmap_page) out of a data area of {@code ring.capacity()} bytes (a power of two), wrapping at its end.
     */
    static int copyOut(ByteBuffer ring, long tail, long head, byte[] into) {
        int size = ring.capacity();
        long available = head - tail;
        if (available < 0 || available > size) {
            throw new IllegalStateException("ring positions out of range: tail " + tail + ", head " + head + ", size " + size);
        }
        int n = (int) available;
        int from = (int) (tail & (size - 1));
        int first = Math.min(n, size - from);
        ring.get(from, into, 0, first);
        if (first < n) {
            ring.get(0, into, first, n - first);
        }
        return n;
    }
}
