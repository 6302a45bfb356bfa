package com.numa.opt;

import com.numa.core.threads.ThreadIdentity;
import com.numa.core.threads.ThreadRole;
import com.numa.core.topology.CpuSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps every thread of the JVM on a target CPU set: {@link #moveTo} pins all live threads, {@link #follow} pins only
 * threads not pinned yet (created since), so calling it every base interval is a few system calls at most.
 *
 * <p>Except numa-jvm's own threads (role TOOL: the Awareness Thread itself, JNA's cleaner): they touch none of the
 * application's data, so where they run does nothing for its locality, and the Awareness Thread must keep running
 * on time to end a probe or give the CPUs back. Pinned with the application to one CPU of a loaded machine, it was
 * starved there: a 200 ms probe of H2 on one node lasted 1.4 s.
 */
final class NodePinner {
    private final ThreadPlacement placement;
    private CpuSet target;
    private Set<Integer> pinned = new HashSet<>();
    private int pinCalls;

    NodePinner(ThreadPlacement placement) {
        this.placement = placement;
    }

    /** Pins every thread to {@code cpus}; a no-op when that is already the target. Returns true when it changed. */
    boolean moveTo(CpuSet cpus, List<ThreadIdentity> threads) {
        if (cpus.equals(target)) {
            follow(threads);
            return false;
        }
        target = cpus;
        pinned = new HashSet<>();
        follow(threads);
        return true;
    }

    /** Pins threads that appeared since the last call; forgets ended ones. */
    void follow(List<ThreadIdentity> threads) {
        if (target == null) {
            return;
        }
        Set<Integer> live = new HashSet<>();
        for (ThreadIdentity t : threads) {
            if (t.role() == ThreadRole.TOOL) {
                continue;
            }
            live.add(t.tid());
            if (!pinned.contains(t.tid())) {
                pinCalls++;
                if (placement.pin(t.tid(), target)) {
                    pinned.add(t.tid());
                }
            }
        }
        pinned.retainAll(live);
    }

    CpuSet target() {
        return target;
    }

    int pinCalls() {
        return pinCalls;
    }
}
