package com.numa.perfutil.counters;

import com.numa.perfutil.threads.ProcTasks;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's view of this process's threads (/proc/self/task) as a {@link ThreadDirectory}: comm names, no Java
 * identity, every thread an application thread. Enough to count every thread; ThreadInventory adds Java names and
 * roles.
 */
public final class ProcThreadDirectory implements ThreadDirectory {

    @Override
    public List<ThreadIdentity> liveThreads() {
        List<ThreadIdentity> out = new ArrayList<>();
        for (int tid : ProcTasks.tids()) {
            String comm = ProcTasks.comm(tid);
            if (comm != null) {
                out.add(new ThreadIdentity(tid, comm, -1, false, ThreadRole.APPLICATION));
            }
        }
        return out;
    }
}
