package com.numa.perfutil.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.core.topology.CpuSet;
import com.numa.perfutil.affinity.Affinity;
import com.numa.perfutil.affinity.DedicatedThread;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.topology.SysfsTopologyReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The /proc readings the agent uses at start instead of native calls (so no native library is loaded before the
 * application's main class) give what the system calls give: the caller's tid, its CPU, its allowed CPUs.
 */
class ProcTasksTest {

    @Test
    void theCallersTidIsGettid() throws Exception {
        assertEquals(LinuxSyscalls.gettid(), ProcTasks.currentTid());
        int[] other = DedicatedThread.call(() -> new int[] {ProcTasks.currentTid(), LinuxSyscalls.gettid()});
        assertEquals(other[1], other[0], "on another thread too");
    }

    @Test
    void theCallersCpuIsTheOneItIsPinnedTo() throws Exception {
        CpuSet usable = CpuSet.fromMask(LinuxSyscalls.schedGetaffinity(0));
        List<int[]> seen = new ArrayList<>();
        for (int cpu : usable.toArray()) {
            seen.add(DedicatedThread.call(() -> {
                Affinity.pinThread(0, CpuSet.of(cpu));
                return new int[] {cpu, ProcTasks.currentCpu(), Affinity.currentCpu()};
            }));
        }
        for (int[] s : seen) {
            assertEquals(s[0], s[1], "/proc/thread-self/stat on a thread pinned to CPU " + s[0]);
            assertEquals(s[2], s[1], "sched_getcpu agrees");
        }
        assertTrue(!seen.isEmpty());
    }

    @Test
    void theTopologyReadsTheCallersAllowedCpusFromProcAsTheKernelReportsThem() throws Exception {
        CpuSet usable = CpuSet.fromMask(LinuxSyscalls.schedGetaffinity(0));
        int first = usable.toArray()[0];
        CpuSet[] readings = DedicatedThread.call(() -> {
            Affinity.pinThread(0, CpuSet.of(first));
            return new CpuSet[] {new SysfsTopologyReader().read().usableCpus(),
                    CpuSet.fromMask(LinuxSyscalls.schedGetaffinity(0))};
        });
        assertEquals(CpuSet.of(first), readings[0], "restricted to the calling thread's CPUs");
        assertEquals(readings[1], readings[0]);
    }
    /**
     * schedstat's first total is the same kernel quantity as the thread's CPU clock (what ThreadMXBean reads), so their
     * growth over a stretch of spinning agrees up to the few microseconds between the readings; an ended or unknown
     * thread has none.
     */
    @Test
    void schedstatRunTimeIsTheThreadsCpuTimeAndAMissingThreadHasNone() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        int tid = ProcTasks.currentTid();
        long[] before = ProcTasks.schedstat(tid);
        org.junit.jupiter.api.Assumptions.assumeTrue(before != null, "no schedstat in /proc (kernel without "
                + "CONFIG_SCHED_INFO): ThreadDemand falls back to CPU time");
        long cpuBefore = mx.getCurrentThreadCpuTime();
        long x = 0;
        while (mx.getCurrentThreadCpuTime() - cpuBefore < 50_000_000L) {
            x += x * 31 + 7;
        }
        long cpuAfter = mx.getCurrentThreadCpuTime();
        long[] after = ProcTasks.schedstat(tid);
        assertTrue(after != null, "schedstat of a live thread");
        long ran = after[0] - before[0];
        assertTrue(Math.abs(ran - (cpuAfter - cpuBefore)) < 5_000_000L, "schedstat ran " + ran + " ns, CPU clock "
                + (cpuAfter - cpuBefore) + " ns (" + x + ")");
        assertTrue(after[1] >= before[1] && before[1] >= 0, "time waiting for a CPU only grows");
        assertEquals(null, ProcTasks.schedstat(Integer.MAX_VALUE));
    }
}
