package com.numa.perfutil.papi;

import com.numa.perfutil.linux.LinuxSyscalls;
import java.util.List;

/**
 * One running PAPI event set attached to one kernel thread. Attaching (instead of counting the calling thread) is
 * what lets the sampler thread read every other thread, as perf_event_open with pid = tid does.
 */
final class PapiEventSet implements AutoCloseable {
    private final Papi papi;
    private final int tid;
    private final int handle;
    private final long[] values;
    private final long startNs;
    private boolean closed;

    private PapiEventSet(Papi papi, int tid, int handle, int events, long startNs) {
        this.papi = papi;
        this.tid = tid;
        this.handle = handle;
        this.values = new long[events];
        this.startNs = startNs;
    }

    /**
     * Creates, attaches and starts an event set counting {@code tid}. The component must be assigned before
     * PAPI_attach, since attach is a component option. Everything created is released again if a step fails.
     */
    static PapiEventSet attached(Papi papi, int component, int tid, List<String> events) {
        return open(papi, component, tid, events, true);
    }

    /**
     * An event set counting the calling thread (PAPI's default when not attached); other threads may read and close
     * it. This is the form PAPI supports without attach, e.g. where PAPI_attach is refused.
     */
    static PapiEventSet onCallingThread(Papi papi, int component, List<String> events) {
        return open(papi, component, LinuxSyscalls.gettid(), events, false);
    }

    private static PapiEventSet open(Papi papi, int component, int tid, List<String> events, boolean attach) {
        int handle = papi.createEventSet();
        try {
            papi.check("PAPI_assign_eventset_component(" + component + ")", papi.assignComponent(handle, component), null);
            if (attach) {
                papi.check("PAPI_attach(tid " + tid + ")", papi.attach(handle, tid), null);
            }
            for (String e : events) {
                papi.check("PAPI_add_named_event(" + e + ")", papi.addNamedEvent(handle, e),
                        "check the name with papi_native_avail / papi_avail -a");
            }
            papi.check("PAPI_start(tid " + tid + ")", papi.start(handle), null);
            return new PapiEventSet(papi, tid, handle, events.size(), System.nanoTime());
        } catch (PapiException e) {
            papi.destroy(handle);
            throw e;
        }
    }

    int tid() {
        return tid;
    }

    /** Nanoseconds since PAPI_start. */
    long elapsedNs(long nowNs) {
        return nowNs - startNs;
    }

    /** The cumulative counts since start, in event order. */
    long[] read() {
        papi.check("PAPI_read(tid " + tid + ")", papi.read(handle, values), null);
        return values.clone();
    }

    /** Stops, cleans up and destroys the event set (closing its perf fds); idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        long[] ignored = new long[values.length];
        papi.stop(handle, ignored); // fails harmlessly with PAPI_ENOTRUN if start never completed
        papi.check("PAPI_cleanup/destroy_eventset(tid " + tid + ")", papi.destroy(handle), null);
    }

    boolean closed() {
        return closed;
    }
}
