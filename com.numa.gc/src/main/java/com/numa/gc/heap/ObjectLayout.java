package com.numa.gc.heap;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The object model of the research heap: a 32-byte header, reference slots, then the payload, 8-byte aligned.
 * <pre>
 * +0  meta    : size in bytes (32 bits) | slot count (16) | home node (8) | age (4) | write counter flag (1)
 * +8  id      : the trace's object id (so the heap can be walked back to ids after a collection)
 * +16 owner   : thread key of the last writer (the allocator until someone writes)
 * +20 vote    : majority vote of the nodes that accessed it: candidate node (8 bits) | net count (24 bits)
 * +24 forward : the to-space copy's address during a collection, else 0
 * +32 slots   : absolute addresses of referenced objects, 0 = null
 * then payload: a write counter (first 8 bytes, when the payload has 8 or more) and deterministic pattern bytes
 * </pre>
 * Offsets are int indexes into the arena's buffer; the forwarding word is accessed atomically so parallel GC
 * threads agree on one copy.
 */
final class ObjectLayout {
    static final int HEADER = 32;
    static final int META = 0;
    static final int ID = 8;
    static final int OWNER = 16;
    static final int VOTE = 20;
    static final int FORWARD = 24;
    static final int MAX_SLOTS = 0xFFFF;
    static final int MAX_AGE = 15;
    private static final long WRITE_COUNTER = 1L << 60;
    private static final int NO_CANDIDATE = 0xFF;
    private static final int MAX_VOTES = 0xFF_FFFF;

    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private ObjectLayout() {
    }

    /** Bytes an object with {@code slots} references and {@code payloadBytes} of data occupies. */
    static long sizeOf(int slots, int payloadBytes) {
        return HEADER + 8L * slots + ((payloadBytes + 7L) & ~7L);
    }

    static long meta(int size, int slots, int node, int age) {
        return (size & 0xFFFF_FFFFL) | ((long) slots << 32) | ((long) (node & 0xFF) << 48) | ((long) age << 56);
    }

    static int size(long meta) {
        return (int) meta;
    }

    static int slots(long meta) {
        return (int) (meta >>> 32) & 0xFFFF;
    }

    static int node(long meta) {
        return (int) (meta >>> 48) & 0xFF;
    }

    static int age(long meta) {
        return (int) (meta >>> 56) & 0xF;
    }

    static long withNodeAndAge(long meta, int node, int age) {
        return meta(size(meta), slots(meta), node, Math.min(age, MAX_AGE)) | (meta & WRITE_COUNTER);
    }

    /** Whether the payload starts with a write counter (payloads of 8 bytes or more). */
    static boolean hasWriteCounter(long meta) {
        return (meta & WRITE_COUNTER) != 0;
    }

    /** The payload's deterministic byte {@code i} for object {@code id} (so contents can be checked after copies). */
    static byte pattern(long id, int i) {
        return (byte) (id * 31 + i * 7 + 1);
    }

    /** Writes a fresh object: header, null slots, pattern payload with a zero write counter. */
    static void initialize(ByteBuffer b, int off, long id, int slots, int payloadBytes, int node, int owner) {
        int size = (int) sizeOf(slots, payloadBytes);
        b.putLong(off + META, meta(size, slots, node, 0) | (payloadBytes >= 8 ? WRITE_COUNTER : 0));
        b.putLong(off + ID, id);
        b.putInt(off + OWNER, owner);
        b.putInt(off + VOTE, NO_CANDIDATE << 24);
        b.putLong(off + FORWARD, 0);
        int p = off + HEADER;
        for (int s = 0; s < slots; s++, p += 8) {
            b.putLong(p, 0);
        }
        int end = off + size;
        int i = 0;
        if (payloadBytes >= 8) {
            b.putLong(p, 0);
            p += 8;
            i = 8;
        }
        for (; i < payloadBytes; i++, p++) {
            b.put(p, pattern(id, i));
        }
        for (; p < end; p++) {
            b.put(p, (byte) 0);
        }
    }

    static int slotOffset(int off, int slot) {
        return off + HEADER + 8 * slot;
    }

    static long forwardee(ByteBuffer b, int off) {
        return (long) LONGS.getAcquire(b, off + FORWARD);
    }

    /** Installs the forwarding address; false when another GC thread copied the object first. */
    static boolean forward(ByteBuffer b, int off, long to) {
        return LONGS.compareAndSet(b, off + FORWARD, 0L, to);
    }

    /** Counts one access from {@code node} in the Boyer-Moore majority vote (the winner, if any, is the majority). */
    static void vote(ByteBuffer b, int off, int node) {
        int v = b.getInt(off + VOTE);
        int candidate = v >>> 24;
        int count = v & MAX_VOTES;
        if (count == 0) {
            candidate = node;
            count = 1;
        } else if (candidate == node) {
            count = Math.min(MAX_VOTES, count + 1);
        } else {
            count--;
        }
        b.putInt(off + VOTE, (candidate << 24) | count);
    }

    /** The node the vote favours, or -1 without a standing candidate. */
    static int voteNode(int vote) {
        int candidate = vote >>> 24;
        return (vote & MAX_VOTES) == 0 || candidate == NO_CANDIDATE ? -1 : candidate;
    }

    static int voteCount(int vote) {
        return vote & MAX_VOTES;
    }

    /** Halves the count, so the access history of a long-lived object fades over collections. */
    static int decay(int vote) {
        return (vote & ~MAX_VOTES) | ((vote & MAX_VOTES) >>> 1);
    }
}
