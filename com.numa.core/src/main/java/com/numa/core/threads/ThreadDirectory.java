package com.numa.core.threads;

import java.util.List;

/**
 * Which threads this JVM has right now, with their Java identity. The real one is ThreadInventory
 * (Java names from the JVM); samplers and the optimizer depend only on this interface so tests can script it.
 */
public interface ThreadDirectory {

    /** The live threads of this JVM. */
    List<ThreadIdentity> liveThreads();

    /** The tids of the live threads, as cheaply as the directory can list them (no identification). */
    default List<Integer> liveTids() {
        return liveThreads().stream().map(ThreadIdentity::tid).toList();
    }

    /**
     * A provisional identity for a live tid, found without stopping the JVM (a thread dump can take longer than a
     * short-lived thread lives), or null when the directory cannot tell; {@link #liveThreads()} gives the final one.
     */
    default ThreadIdentity quickIdentity(int tid) {
        return null;
    }
}
