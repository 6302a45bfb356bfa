package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.perfutil.counters.ThreadSampler;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Counter sources and node choice: PerfUtil samples, the JVM's CPU time, least-loaded nodes. */
class WorkSourceTest {
    static final ThreadIdentity MAIN = new ThreadIdentity(10, "main", 1, false, ThreadRole.MAIN);
    static final ThreadIdentity OTHER = new ThreadIdentity(11, "w", 2, false, ThreadRole.APPLICATION);

    static ThreadSampler sampler(List<String> events, List<ThreadSample> samples) {
        return new ThreadSampler() {
            public List<String> events() {
                return events;
            }

            public List<ThreadSample> sample() {
                return samples;
            }

            public void close() {
            }
        };
    }

    @Test
    void samplerWithInstructionsAndCyclesGivesCpiScaledForMultiplexing() {
        // instructions ran half the enabled time: scaled x2
        ThreadSample s = new ThreadSample(MAIN, 0, List.of(new CounterValue("instructions", 1000, 100, 50),
                new CounterValue("cycles", 3000, 100, 100)), false);
        SamplerWork w = new SamplerWork(sampler(List.of("instructions", "cycles"), List.of(s)));
        assertTrue(w.hasCycles());
        assertEquals("instructions", w.workUnit());
        ThreadWork r = w.read(List.of(MAIN)).get(0);
        assertEquals(2000, r.work(), 1e-9);
        assertEquals(3000, r.cycles(), 1e-9);
    }

    @Test
    void samplerWithTaskClockOnlyGivesCpuTimeAndNoCycles() {
        ThreadSample a = new ThreadSample(MAIN, 0, List.of(new CounterValue("task-clock", 5_000_000, 1, 1)), false);
        ThreadSample b = new ThreadSample(OTHER, 0, List.of(new CounterValue("task-clock", 7, 1, 1)), false);
        SamplerWork w = new SamplerWork(sampler(List.of("task-clock"), List.of(a, b)));
        assertFalse(w.hasCycles());
        assertEquals("cpu-ns", w.workUnit());
        List<ThreadWork> r = w.read(List.of(MAIN));
        assertEquals(1, r.size(), "narrowed to the threads asked for");
        assertEquals(5_000_000, r.get(0).work(), 1e-9);
        assertTrue(Double.isNaN(r.get(0).cycles()));
    }

    @Test
    void samplerWithoutUsableEventsIsRejectedWithTheReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SamplerWork(sampler(List.of("page-faults"), List.of())));
        assertTrue(e.getMessage().contains("task-clock"), e.getMessage());
    }

    @Test
    void jvmCpuTimeGrowsWithWork() {
        JvmThreadWork w = new JvmThreadWork();
        ThreadIdentity me = new ThreadIdentity(0, "me", Thread.currentThread().getId(), false, ThreadRole.MAIN);
        double before = w.read(List.of(me)).get(0).work();
        long x = 0;
        for (long i = 0; i < 50_000_000L; i++) {
            x += i ^ (x >>> 3);
        }
        double after = w.read(List.of(me)).get(0).work();
        assertTrue(after > before, "cpu-ns " + before + " -> " + after + " (" + x + ")");
        assertTrue(w.read(List.of(new ThreadIdentity(1, "gc", -1, true, ThreadRole.JVM_INTERNAL))).isEmpty());
    }

    @Test
    void leastLoadedNodeIsTheOneWithTheIdlestCpus() {
        NumaTopology t = new NumaTopology(List.of(new NumaNode(0, CpuSet.of(0, 1), 0, 0),
                new NumaNode(1, CpuSet.of(2, 3), 0, 1)), new int[][] {{10, 21}, {21, 10}}, false);
        assertEquals(1, NodeChooser.leastLoaded(t, new double[] {0.9, 0.5, 0.2, 0.3}));
        assertEquals(0, NodeChooser.leastLoaded(t, new double[] {0.1, 0.1, 0.9, 0.0}));
        assertEquals(0, NodeChooser.leastLoaded(t, new double[] {0.5, 0.5, 0.5, 0.5}), "tie: lowest index");
        assertEquals(1, NodeChooser.nodeOf(t, 3));
        assertEquals(0, NodeChooser.nodeOf(t, 17), "a CPU outside the topology falls back to node 0");
    }
}
