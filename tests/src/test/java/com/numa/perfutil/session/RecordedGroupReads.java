package com.numa.perfutil.session;

import com.numa.core.threads.ThreadIdentity;
import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.GroupReadFormat;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.perfutil.counters.ThreadSampler;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A replay source for PerfUtil: per thread, rounds of recorded group reads in the kernel's binary layout
 * ({@code PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING | ID}), decoded by the same
 * {@link GroupReadFormat} that decodes real reads. Group {@code g} holds the events {@code groups.get(g)}; event
 * {@code i} of the group has kernel id {@code 100 * (g + 1) + i}, and a record may list them in any order.
 */
final class RecordedGroupReads implements ThreadSampler {
    private final List<List<String>> groups;
    private final List<String> events = new ArrayList<>();
    private final Map<ThreadIdentity, Deque<List<byte[]>>> rounds = new LinkedHashMap<>();

    RecordedGroupReads(List<List<String>> groups) {
        this.groups = groups;
        groups.forEach(events::addAll);
    }

    /** One read of group {@code g}: its enabled and running times and {value, id} pairs in the given order. */
    static byte[] read(long enabledNs, long runningNs, long[]... valueAndId) {
        ByteBuffer b = ByteBuffer.allocate(8 * GroupReadFormat.words(valueAndId.length)).order(ByteOrder.nativeOrder());
        b.putLong(valueAndId.length).putLong(enabledNs).putLong(runningNs);
        for (long[] v : valueAndId) {
            b.putLong(v[0]).putLong(v[1]);
        }
        return b.array();
    }

    static long id(int group, int index) {
        return 100L * (group + 1) + index;
    }

    /** Adds one round for {@code thread}: one read per group, in group order. */
    RecordedGroupReads round(ThreadIdentity thread, byte[]... reads) {
        rounds.computeIfAbsent(thread, t -> new ArrayDeque<>()).add(List.of(reads));
        return this;
    }

    @Override
    public List<String> events() {
        return events;
    }

    @Override
    public List<ThreadSample> sample() {
        List<ThreadSample> out = new ArrayList<>();
        rounds.forEach((thread, left) -> {
            List<byte[]> reads = left.size() > 1 ? left.removeFirst() : left.peekFirst();
            List<CounterValue> values = new ArrayList<>();
            for (int g = 0; g < groups.size(); g++) {
                long[] ids = new long[groups.get(g).size()];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = id(g, i);
                }
                values.addAll(GroupReadFormat.decode(GroupReadFormat.words(reads.get(g)), ids, groups.get(g)));
            }
            out.add(new ThreadSample(thread, 0, values, false));
        });
        return out;
    }

    @Override
    public void close() {
    }
}
