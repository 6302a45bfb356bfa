package com.numa.opt;

import com.numa.core.threads.ThreadIdentity;
import com.numa.core.topology.CpuSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps every thread of the JVM on a target CPU set: {@link #moveTo} pins all live threads, {@link #follow} pins only
 * threads not pinned yet (created since), so calling it every base interval is a few system calls at most.
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
