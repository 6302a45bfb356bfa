package com.numa.perfutil.counters;

import com.numa.perfutil.events.EventSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The planned groups opened on one target (a thread, or a CPU), read back as one list in the sampler's event order.
 * Each group keeps its own enabled/running times, so multiplexed groups report their own coverage.
 */
final class CounterGroups implements AutoCloseable {
    private final PerfEventGroup[] groups;
    private final int[][] slots;
    private final int eventCount;

    private CounterGroups(PerfEventGroup[] groups, int[][] slots, int eventCount) {
        this.groups = groups;
        this.slots = slots;
        this.eventCount = eventCount;
    }

    /** Opens every group of {@code plan} on (pid, cpu); on failure closes what it opened and rethrows. */
    static CounterGroups open(List<EventSpec> events, List<List<EventSpec>> plan, int pid, int cpu) {
        PerfEventGroup[] groups = new PerfEventGroup[plan.size()];
        int[][] slots = new int[plan.size()][];
        List<PerfEventGroup> opened = new ArrayList<>();
        try {
            for (int g = 0; g < plan.size(); g++) {
                List<EventSpec> members = plan.get(g);
                slots[g] = new int[members.size()];
                for (int i = 0; i < members.size(); i++) {
                    slots[g][i] = events.indexOf(members.get(i));
                }
                groups[g] = PerfEventGroup.open(members, pid, cpu);
                opened.add(groups[g]);
            }
        } catch (RuntimeException e) {
            for (PerfEventGroup g : opened) {
                try {
                    g.close();
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
        return new CounterGroups(groups, slots, events.size());
    }

    /** One read() per group; values in event order. */
    List<CounterValue> read() {
        CounterValue[] out = new CounterValue[eventCount];
        for (int g = 0; g < groups.length; g++) {
            groups[g].readInto(out, slots[g]);
        }
        return Arrays.asList(out);
    }

    int fdCount() {
        int n = 0;
        for (PerfEventGroup g : groups) {
            n += g.events().size();
        }
        return n;
    }

    @Override
    public void close() {
        Closing.closeEach(java.util.Arrays.asList(groups), PerfEventGroup::close);
    }
}
