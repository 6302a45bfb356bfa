package com.numa.opt;

import com.numa.perfutil.affinity.Affinity;
import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.perfutil.threads.ProcTasks;
import com.numa.core.topology.CpuSet;

/** {@link ThreadPlacement} through PerfUtil's {@link Affinity} (real system calls, also on emulated nodes). */
public final class AffinityPlacement implements ThreadPlacement {

    @Override
    public boolean pin(int tid, CpuSet cpus) {
        try {
            Affinity.pinThread(tid, cpus);
            return true;
        } catch (NativeCallException e) {
            if (e.errno() == Errno.ESRCH) {
                return false; // ended between listing and pinning
            }
            throw e;
        }
    }

    @Override
    public CpuSet affinityOf(int tid) {
        try {
            return Affinity.affinityOf(tid);
        } catch (NativeCallException e) {
            if (e.errno() == Errno.ESRCH) {
                return null;
            }
            throw e;
        }
    }

    /** From /proc (no native call, so starting the optimizer loads no native library); sched_getcpu if /proc fails. */
    @Override
    public int currentCpu() {
        int cpu = ProcTasks.currentCpu();
        return cpu >= 0 ? cpu : Affinity.currentCpu();
    }
}
