package com.numa.core.threads;

import java.util.List;

/**
 * Which threads this JVM has right now, with their Java identity. The real one is ThreadInventory
 * (Java names from the JVM); samplers and the optimizer depend only on this interface so tests can script it.
 */
public interface ThreadDirectory {

    /** The live threads of this JVM. */
    List<ThreadIdentity> liveThreads();
}
