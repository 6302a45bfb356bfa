package com.numa.perfutil.counters;

import com.numa.perfutil.PerfUtil;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import java.util.List;

/** Run by {@link WithoutPerfmonIT} in a child JVM stripped of CAP_PERFMON and CAP_SYS_ADMIN. */
public final class WithoutPerfmonMain {
    private WithoutPerfmonMain() {
    }

    public static void main(String[] args) {
        NumaTopology one = new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0), 1L << 30, 0)), new int[][] {{10}}, false);
        try (CoreSampler s = PerfUtil.perCore(List.of("task-clock", "cs"), one, m -> System.out.println("LOG " + m))) {
            System.out.println("CORE OPENED " + s.sample().size());
        } catch (CountersUnavailableException e) {
            System.out.println("CORE UNAVAILABLE " + e.getMessage());
        }
        try (ThreadSampler s = PerfUtil.perThread(List.of("cs"), new ProcThreadDirectory(),
                m -> System.out.println("LOG " + m))) {
            System.out.println("THREAD EVENTS " + s.events() + " SAMPLES " + s.sample().size());
        } catch (CountersUnavailableException e) {
            System.out.println("THREAD UNAVAILABLE " + e.getMessage());
        }
    }
}
