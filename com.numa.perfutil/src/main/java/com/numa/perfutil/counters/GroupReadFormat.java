package com.numa.perfutil.counters;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The kernel's layout of one {@code read()} of a group leader opened with {@code PERF_FORMAT_GROUP |
 * PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID} (include/uapi/linux/perf_event.h):
 * {@code u64 nr; u64 time_enabled; u64 time_running; { u64 value; u64 id; } values[nr]} in the machine's byte order.
 * The whole group shares one enabled/running pair: it is scheduled onto counters, or multiplexed out, as one. Pure
 * decoding, so recorded or synthetic buffers go through exactly the code real reads do.
 */
public final class GroupReadFormat {

    private GroupReadFormat() {
    }

    /** How many u64 words one read of a group of {@code events} events returns. */
    public static int words(int events) {
        return 3 + 2 * events;
    }

    /** The u64 words of a read buffer in the machine's byte order (as the kernel wrote them). */
    public static long[] words(byte[] buffer) {
        if (buffer.length % 8 != 0 || buffer.length < 24) {
            throw new IllegalArgumentException("a group read is 8-byte words, at least 3: got " + buffer.length + " bytes");
        }
        long[] out = new long[buffer.length / 8];
        ByteBuffer.wrap(buffer).order(ByteOrder.nativeOrder()).asLongBuffer().get(out);
        return out;
    }

    /** One value per event of {@code names} (in that order), matched to the read's entries by kernel id. */
    public static List<CounterValue> decode(long[] words, long[] ids, List<String> names) {
        CounterValue[] out = new CounterValue[names.size()];
        decodeInto(words, ids, names, out, null);
        return List.of(out);
    }

    /** As {@link #decode}, storing value {@code i} at {@code out[slots == null ? i : slots[i]]}. */
    static void decodeInto(long[] words, long[] ids, List<String> names, CounterValue[] out, int[] slots) {
        int n = (int) words[0];
        if (n != ids.length || words.length < words(n)) {
            throw new IllegalStateException("a group read holds " + n + " values in " + words.length + " words; the group"
                    + " has " + ids.length + " events");
        }
        long enabled = words[1];
        long running = words[2];
        for (int k = 0; k < n; k++) {
            long value = words[3 + 2 * k];
            int i = indexOf(ids, words[4 + 2 * k], k);
            out[slots == null ? i : slots[i]] = new CounterValue(names.get(i), value, enabled, running);
        }
    }

    /** The kernel reports members in attach order; the id check keeps us right should that ever change. */
    private static int indexOf(long[] ids, long id, int guess) {
        if (guess < ids.length && ids[guess] == id) {
            return guess;
        }
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] == id) {
                return i;
            }
        }
        throw new IllegalStateException("counter group returned unknown event id " + id);
    }
}
