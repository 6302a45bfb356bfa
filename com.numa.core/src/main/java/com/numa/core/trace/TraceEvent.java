package com.numa.core.trace;

/**
 * One record of an allocation/access trace. Threads are small non-negative keys chosen by the tracer; objects are
 * positive ids, unique per trace, with 0 standing for null. The record kinds mirror what a profiler can observe
 * cheaply: allocations and reference stores completely, reads and writes as samples.
 */
public sealed interface TraceEvent {
    /** The thread that performed the event. */
    int thread();

    /** A thread begins; {@code node} is the NUMA node it ran on when traced, or -1 when unknown. */
    record ThreadStart(int thread, int node) implements TraceEvent {
    }

    /** A thread ends: its stack (here, its last allocation) stops holding anything. */
    record ThreadEnd(int thread) implements TraceEvent {
    }

    /** An allocation of object {@code object} at {@code site} with {@code slots} reference slots. */
    record Alloc(int thread, int site, long object, int slots, int payloadBytes) implements TraceEvent {
    }

    /** {@code object.slots[slot] = target} ({@code target} 0 = null). */
    record Store(int thread, long object, int slot, long target) implements TraceEvent {
    }

    /** Global root slot {@code slot} (a static field, a thread's long-lived local) now holds {@code target}. */
    record Root(int thread, int slot, long target) implements TraceEvent {
    }

    /** A sampled read of {@code object}. */
    record Read(int thread, long object) implements TraceEvent {
    }

    /** A sampled write of {@code object}'s payload: the writer becomes the object's owner. */
    record Write(int thread, long object) implements TraceEvent {
    }

    /** An explicit collection (System.gc()). */
    record Gc(int thread) implements TraceEvent {
    }
}
