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
}
