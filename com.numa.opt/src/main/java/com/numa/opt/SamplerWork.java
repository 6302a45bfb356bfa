package com.numa.opt;

import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.perfutil.counters.ThreadSampler;
import com.numa.core.threads.ThreadIdentity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Work from a PerfUtil per-thread sampler: retired instructions and cycles when it counts them (scaled for
 * multiplexing), otherwise task-clock nanoseconds. The sampler covers every thread of its own directory; readings are
 * narrowed to the threads asked for.
 */
public final class SamplerWork implements WorkSource {
    private final ThreadSampler sampler;
    private final boolean cpi;
    private final String workEvent;

    public SamplerWork(ThreadSampler sampler) {
        this.sampler = sampler;
        List<String> ev = sampler.events();
        this.cpi = ev.contains("instructions") && ev.contains("cycles");
        if (cpi) {
            workEvent = "instructions";
        } else if (ev.contains("task-clock")) {
            workEvent = "task-clock";
        } else {
            throw new IllegalArgumentException("the sampler counts " + ev
                    + ": the optimizer needs instructions+cycles or task-clock");
        }
    }

    @Override
    public String workUnit() {
        return cpi ? "instructions" : "cpu-ns";
    }

    @Override
    public String describe() {
        return "PerfUtil per-thread counters " + sampler.events();
    }

    @Override
    public boolean hasCycles() {
        return cpi;
    }

    @Override
    public List<ThreadWork> read(List<ThreadIdentity> threads) {
        Set<Integer> wanted = new HashSet<>();
        for (ThreadIdentity t : threads) {
            wanted.add(t.tid());
        }
        List<ThreadWork> out = new ArrayList<>();
        for (ThreadSample s : sampler.sample()) {
            if (!wanted.contains(s.thread().tid()) && !s.ended()) {
                continue;
            }
            CounterValue w = s.value(workEvent);
            if (w == null) {
                continue;
            }
            CounterValue c = cpi ? s.value("cycles") : null;
            out.add(new ThreadWork(s.thread(), w.scaled(), c == null ? Double.NaN : c.scaled(), Double.NaN));
        }
        return out;
    }

    @Override
    public void close() {
        sampler.close();
    }
}
