package com.numa.opt;

import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.threads.ProcTasks;
import com.numa.perfutil.threads.ThreadDirectory;
import com.numa.perfutil.threads.ThreadIdentity;
import com.numa.perfutil.threads.ThreadRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link ThreadDirectory} from /proc/self/task for running the optimizer without the agent's ThreadInventory (the
 * overhead benchmark's child JVMs, in-process tests). Java threads are matched to tids by name: HotSpot names each
 * Java thread's kernel task after it, cut to 15 bytes. Names that collide after the cut cannot be matched and get no
 * Java id (their CPU time is then unknown); the main thread is the one that created the directory.
 */
public final class ProcThreadDirectory implements ThreadDirectory {
    private static final int COMM_LENGTH = 15;
    private final int mainTid;
    private final long mainJavaId;

    private ProcThreadDirectory(int mainTid, long mainJavaId) {
        this.mainTid = mainTid;
        this.mainJavaId = mainJavaId;
    }

    /** A directory whose MAIN thread is the calling thread. */
    public static ProcThreadDirectory withCallerAsMain() {
        return new ProcThreadDirectory(LinuxSyscalls.gettid(), Thread.currentThread().getId());
    }

    @Override
    public List<ThreadIdentity> liveThreads() {
        Map<String, Thread> byComm = new HashMap<>();
        Set<String> ambiguous = new HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getId() == mainJavaId) {
                continue;
            }
            String comm = comm(t.getName());
            if (byComm.put(comm, t) != null) {
                ambiguous.add(comm);
            }
        }
        List<ThreadIdentity> out = new ArrayList<>();
        for (int tid : ProcTasks.tids()) {
            String comm = ProcTasks.comm(tid);
            if (comm == null) {
                continue;
            }
            if (tid == mainTid) {
                out.add(new ThreadIdentity(tid, comm, mainJavaId, false, ThreadRole.MAIN));
                continue;
            }
            Thread t = byComm.get(comm);
            if (t == null) {
                out.add(new ThreadIdentity(tid, comm, -1, true, ThreadRole.JVM_INTERNAL));
            } else {
                boolean known = !ambiguous.contains(comm);
                out.add(new ThreadIdentity(tid, t.getName(), known ? t.getId() : -1, t.isDaemon(),
                        systemThread(t) ? ThreadRole.JVM_INTERNAL : ThreadRole.APPLICATION));
            }
        }
        return out;
    }

    private static String comm(String name) {
        byte[] b = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return b.length <= COMM_LENGTH ? name : new String(b, 0, COMM_LENGTH, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** JDK service threads (Reference Handler, Finalizer, Common-Cleaner, ...) and the optimizer itself. */
    private static boolean systemThread(Thread t) {
        ThreadGroup g = t.getThreadGroup();
        return g == null || "system".equals(g.getName()) || "InnocuousThreadGroup".equals(g.getName())
                || t.getName().startsWith(AwarenessThread.THREAD_NAME);
    }
}
