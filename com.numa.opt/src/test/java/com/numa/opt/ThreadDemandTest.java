package com.numa.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CPUs threads wanted over an interval, from scripted scheduler totals {ns on a CPU, ns waiting for one}. */
class ThreadDemandTest {
    private static final ThreadIdentity MAIN = new ThreadIdentity(1, "main", 1, false, ThreadRole.MAIN);
    private static final ThreadIdentity WORKER = new ThreadIdentity(2, "worker", 2, false, ThreadRole.APPLICATION);
    private static final ThreadIdentity GC = new ThreadIdentity(3, "GC Thread#0", -1, true, ThreadRole.JVM_INTERNAL);
    private static final ThreadIdentity SELF = new ThreadIdentity(4, AwarenessThread.THREAD_NAME, 4, true,
            ThreadRole.TOOL);
    private static final long WALL = 200_000_000L;

    @Test
    void wantedCpusCountWaitingForACpuAsWantedEachThreadAtMostOneAndNoToolThread() {
        Map<Integer, long[]> totals = new HashMap<>();
        ThreadDemand d = new ThreadDemand(totals::get);
        totals.put(1, new long[] {1_000_000_000L, 50_000_000L});
        totals.put(2, new long[] {0, 0});
        totals.put(3, new long[] {10_000_000L, 0});
        totals.put(4, new long[] {5_000_000L, 0});
        List<ThreadIdentity> threads = List.of(MAIN, WORKER, GC, SELF);
        double[] first = d.read(threads, 0);
        assertTrue(Double.isNaN(first[0]) && Double.isNaN(first[1]), "no earlier totals: nothing to say yet");
        // a loaded machine: main ran 50 ms and waited 150 ms for a CPU; the worker ran 30 and waited 130 (plus a
        // reading 40 ms late: capped at one CPU); the GC ran 20 and waited 30; the Awareness Thread is never pinned
        totals.put(1, new long[] {1_050_000_000L, 200_000_000L});
        totals.put(2, new long[] {30_000_000L, 210_000_000L});
        totals.put(3, new long[] {30_000_000L, 30_000_000L});
        totals.put(4, new long[] {205_000_000L, 0});
        double[] wanted = d.read(threads, WALL);
        assertEquals(2.0, wanted[0], 1e-9, "main 1.0 and the worker 1.0 (capped)");
        assertEquals(2.25, wanted[1], 1e-9, "and the GC 0.25; the tool thread not at all");
        // a thread that started within the interval wanted all it has had; an ended one (no file) adds nothing
        totals.remove(2);
        totals.put(5, new long[] {40_000_000L, 10_000_000L});
        ThreadIdentity late = new ThreadIdentity(5, "late", 5, false, ThreadRole.APPLICATION);
        totals.put(1, new long[] {1_250_000_000L, 200_000_000L});
        totals.put(3, new long[] {30_000_000L, 30_000_000L});
        double[] next = d.read(List.of(MAIN, WORKER, GC, late), WALL);
        assertEquals(1.25, next[0], 1e-9);
        assertEquals(1.25, next[1], 1e-9);
    }

    /**
     * The JIT's compiler threads are summed apart too (a probe waits while they are busy), under their dump or comm
     * names.
     */
    @Test
    void theJitCompilerThreadsDemandIsTheirsAlone() {
        ThreadIdentity c2 = new ThreadIdentity(6, "C2 CompilerThread0", -1, true, ThreadRole.JVM_INTERNAL);
        ThreadIdentity c1 = new ThreadIdentity(7, "C1 CompilerThre", -1, true, ThreadRole.JVM_INTERNAL);
        Map<Integer, long[]> totals = new HashMap<>();
        ThreadDemand d = new ThreadDemand(totals::get);
        List<ThreadIdentity> threads = List.of(MAIN, GC, c2, c1);
        for (int tid : new int[] {1, 3, 6, 7}) {
            totals.put(tid, new long[] {0, 0});
        }
        d.read(threads, 0);
        totals.put(1, new long[] {200_000_000L, 0});
        totals.put(3, new long[] {50_000_000L, 0});
        totals.put(6, new long[] {100_000_000L, 60_000_000L});
        totals.put(7, new long[] {30_000_000L, 0});
        double[] wanted = d.read(threads, WALL);
        assertEquals(0.95, wanted[2], 1e-9, "C2 0.8 (busy or waiting) and C1 0.15; not the GC, not main");
        assertEquals(1.0, wanted[0], 1e-9);
        assertEquals(2.2, wanted[1], 1e-9, "the JVM's sum holds the JIT's too");
    }

    @Test
    void withoutSchedstatNothingIsWantedAndItStaysThatWay() {
        ThreadDemand d = new ThreadDemand(tid -> null);
        List<ThreadIdentity> threads = List.of(MAIN, GC);
        d.read(threads, 0);
        double[] wanted = d.read(threads, WALL);
        assertTrue(Double.isNaN(wanted[0]) && Double.isNaN(wanted[1]) && Double.isNaN(wanted[2]));
        assertTrue(Double.isNaN(d.read(threads, WALL)[0]));
    }
}
