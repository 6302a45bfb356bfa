package com.numa.perfutil.counters;

import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.core.topology.NumaTopology;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * Per-core counters through perf_event_open (pid = -1, cpu = n): one set of groups per usable CPU of the topology,
 * counting every task that runs there. Needs kernel.perf_event_paranoid <= 0 or CAP_PERFMON; the facade probes that
 * first and explains a refusal. A CPU whose counters cannot be opened (offline) is left out with one message.
 */
public final class PerfCoreSampler implements CoreSampler {
    private final List<String> names;
    private final NumaTopology topology;
    private final int[] cpus;
    private final int[] nodes;
    private final CounterGroups[] groups;
    private boolean closed;

    public PerfCoreSampler(List<EventSpec> events, List<List<EventSpec>> plan, NumaTopology topology,
            Consumer<String> log) {
        this.names = events.stream().map(EventSpec::name).toList();
        if (new HashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("an event is requested twice: " + names);
        }
        this.topology = topology;
        List<Integer> okCpus = new ArrayList<>();
        List<CounterGroups> opened = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (int cpu : topology.usableCpus().toArray()) {
            try {
                opened.add(CounterGroups.open(events, plan, -1, cpu));
                okCpus.add(cpu);
            } catch (NativeCallException e) {
                failed.add("cpu " + cpu + ": " + e.getMessage());
            }
        }
        if (!failed.isEmpty()) {
            log.accept("per-core counters: left out " + failed.size() + " CPU(s): " + String.join("; ", failed));
        }
        this.cpus = okCpus.stream().mapToInt(Integer::intValue).toArray();
        this.nodes = okCpus.stream().mapToInt(topology::nodeOfCpu).toArray();
        this.groups = opened.toArray(new CounterGroups[0]);
    }

    @Override
    public List<String> events() {
        return names;
    }

    public NumaTopology topology() {
        return topology;
    }

    @Override
    public synchronized List<CoreSample> sample() {
        if (closed) {
            throw new IllegalStateException("per-core sampler is closed");
        }
        long ts = System.nanoTime();
        List<CoreSample> out = new ArrayList<>(cpus.length);
        for (int i = 0; i < cpus.length; i++) {
            out.add(new CoreSample(cpus[i], nodes[i], ts, groups[i].read()));
        }
        return out;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        Closing.closeEach(java.util.Arrays.asList(groups), CounterGroups::close);
    }
}
