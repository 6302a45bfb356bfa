package com.numa.opt;

import com.numa.perfutil.linux.Errno;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.linux.NativeCallException;
import com.numa.perfutil.topology.CpuSet;

/** {@link ThreadPlacement} through sched_setaffinity / sched_getaffinity (real system calls, also on emulated nodes). */
public final class AffinityPlacement implements ThreadPlacement {

    @Override
    public boolean pin(int tid, CpuSet cpus) {
        try {
            LinuxSyscalls.schedSetaffinity(tid, cpus.toMask());
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
            return CpuSet.fromMask(LinuxSyscalls.schedGetaffinity(tid));
        } catch (NativeCallException e) {
            if (e.errno() == Errno.ESRCH) {
                return null;
            }
            throw e;
        }
    }

    @Override
    public int currentCpu() {
        return LinuxSyscalls.getcpu()[0];
    }
}
