package com.numa.perfutil.papi;

import com.numa.perfutil.counters.CounterValue;
import com.numa.perfutil.counters.ThreadSample;
import com.numa.perfutil.counters.ThreadSampler;
import com.numa.perfutil.linux.LinuxSyscalls;
import com.numa.perfutil.threads.ProcTasks;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.threads.ThreadIdentity;
import com.sun.jna.ptr.IntByReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-thread counters through PAPI (libpapi 7 via JNA), the second backend next to perf_event_open.
 *
 * <p>Public surface:
 * <ul>
 * <li>{@link #availability()}: null when PAPI can be used here, otherwise a one-line reason with the fix;</li>
 * <li>{@link #open(List, ThreadDirectory)}: validates the event names (presets such as {@code PAPI_TOT_INS}, native
 * events such as {@code perf::TASK-CLOCK}) and attaches one event set to every thread the directory lists;</li>
 * <li>{@link #sample()}, {@link #events()}, {@link #close()}: as {@link ThreadSampler};
 * {@link #skippedThreads()}: threads that could not be counted, with the reason.</li>
 * </ul>
 *
 * <p>Each thread gets its own event set, attached to its tid with PAPI_attach so that the sampling thread can read
 * every other thread. PAPI 7 accepts PAPI_attach only where the hardware "instructions" event exists (its perf_event
 * component probes attach permission with it), so on machines without a hardware PMU {@link #availability()} says
 * so and the perf_event_open backend is the one to use. New threads are picked up on each {@link #sample()}; a
 * thread that left the directory gets one final sample with {@code ended = true}, after which its event set is
 * stopped, cleaned up and destroyed (its perf file descriptors closed).
 *
 * <p>Domain: PAPI counts user level only by default, so software events that happen in the kernel read 0 unless the
 * name carries the qualifier {@code :k=1} (e.g. {@code perf::CONTEXT-SWITCHES:k=1}; see papi_native_avail -e NAME).
 *
 * <p>Time provenance: PAPI_read returns counts only. Unless PAPI multiplexing is switched on (it is not here: PAPI
 * then checks at PAPI_add time that the events fit the counters together), PAPI asks the kernel for no
 * enabled/running times, so each value carries enabledNs = runningNs = wall time since the thread's PAPI_start
 * (coverage 100%). If another perf user makes the kernel time-share the counters, the counts are unscaled and PAPI
 * cannot tell; the perf_event_open backend reports the real coverage.
 */
public final class PapiThreadSampler implements ThreadSampler {

    /** An event set and the last things known about its thread, for the final sample. */
    private static final class Counted {
        final PapiEventSet set;
        ThreadIdentity identity;
        long[] last;

        Counted(PapiEventSet set, ThreadIdentity identity, int events) {
            this.set = set;
            this.identity = identity;
            this.last = new long[events];
        }
    }

    /** Opens the event set of one thread: attached to its tid in production; tests where attach is refused script it. */
    interface EventSetOpener {
        PapiEventSet open(Papi papi, int component, ThreadIdentity thread, List<String> events);
    }

    private static final EventSetOpener ATTACH = (papi, component, t, events) ->
            PapiEventSet.attached(papi, component, t.tid(), events);

    /** PAPI_attach probe result per component: absent = not probed yet, "" = attach works. */
    private static final Map<Integer, String> ATTACH_PROBES = new java.util.HashMap<>();

    private final Papi papi;
    private final List<String> events;
    private final int component;
    private final ThreadDirectory directory;
    private final EventSetOpener opener;
    private final Map<Integer, Counted> counted = new LinkedHashMap<>();
    private final Map<Integer, String> skipped = new LinkedHashMap<>();
    private boolean closed;

    private PapiThreadSampler(Papi papi, List<String> events, int component, ThreadDirectory directory,
            EventSetOpener opener) {
        this.papi = papi;
        this.events = events;
        this.component = component;
        this.directory = directory;
        this.opener = opener;
    }

    /**
     * Null when PAPI can count other threads here: libpapi loads, its perf_event component is enabled and PAPI_attach
     * is accepted. Otherwise why not, and the fix.
     */
    public static String availability() {
        try {
            Papi papi = Papi.get();
            int perf = perfEventComponent(papi);
            String problem = componentProblem(papi, perf);
            return problem != null ? problem : attachProblem(papi, perf);
        } catch (PapiException e) {
            return e.getMessage();
        }
    }

    /**
     * Opens per-thread event sets for {@code events} on every thread of {@code directory}.
     *
     * @throws PapiException when PAPI is unavailable, an event is unknown or not available on this machine, or no
     *         thread could be counted; the message names the event or library and the fix
     * @throws IllegalArgumentException for an empty or duplicate event list, or events of different PAPI components
     */
    public static PapiThreadSampler open(List<String> events, ThreadDirectory directory) {
        return open(events, directory, ATTACH, true);
    }

    /** As {@link #open(List, ThreadDirectory)} with another way of opening each thread's event set. */
    static PapiThreadSampler open(List<String> events, ThreadDirectory directory, EventSetOpener opener,
            boolean needAttach) {
        List<String> names = List.copyOf(events);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("no PAPI events given: name at least one, e.g. perf::TASK-CLOCK");
        }
        if (new HashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("duplicate PAPI event in " + names + ": list each event once");
        }
        Papi papi;
        try {
            papi = Papi.get();
        } catch (PapiException e) {
            throw new PapiException(0, "PAPI cannot be used: " + e.getMessage());
        }
        // event names first: an unknown name is the more specific problem
        int component = componentOf(papi, names);
        String problem = needAttach ? attachProblem(papi, component) : null;
        if (problem != null) {
            throw new PapiException(0, "PAPI cannot count other threads here: " + problem);
        }
        PapiThreadSampler sampler = new PapiThreadSampler(papi, names, component, directory, opener);
        PapiException first = sampler.attachNew(directory.liveThreads());
        if (sampler.counted.isEmpty() && first != null) {
            sampler.close();
            throw first;
        }
        return sampler;
    }

    @Override
    public List<String> events() {
        return events;
    }

    @Override
    public synchronized List<ThreadSample> sample() {
        if (closed) {
            throw new IllegalStateException("PapiThreadSampler is closed: open a new one");
        }
        List<ThreadIdentity> live = directory.liveThreads();
        Set<Integer> liveTids = new HashSet<>();
        for (ThreadIdentity t : live) {
            liveTids.add(t.tid());
        }
        skipped.keySet().retainAll(liveTids);
        List<ThreadSample> out = new ArrayList<>();
        for (Iterator<Counted> it = counted.values().iterator(); it.hasNext();) {
            Counted c = it.next();
            if (!liveTids.contains(c.set.tid())) {
                // the kernel keeps an exited thread's counts readable until the event set is closed
                out.add(read(c, System.nanoTime(), true));
                it.remove();
            }
        }
        attachNew(live);
        for (ThreadIdentity t : live) {
            Counted c = counted.get(t.tid());
            if (c != null) {
                c.identity = t;
                ThreadSample s = read(c, System.nanoTime(), false);
                if (s != null) {
                    out.add(s);
                }
            }
        }
        return out;
    }

    /** Live threads that are not counted because PAPI failed on them, by tid, with the PAPI error. */
    public synchronized Map<Integer, String> skippedThreads() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(skipped));
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Counted c : counted.values()) {
            try {
                c.set.close();
            } catch (PapiException e) {
                skipped.put(c.set.tid(), e.getMessage());
            }
        }
        counted.clear();
    }

    /** How many event sets are open right now (one per counted thread). */
    synchronized int openEventSets() {
        return counted.size();
    }

    /** Attaches event sets to threads seen for the first time; returns the first failure, if any. */
    private PapiException attachNew(List<ThreadIdentity> live) {
        PapiException first = null;
        for (ThreadIdentity t : live) {
            if (counted.containsKey(t.tid()) || skipped.containsKey(t.tid())) {
                continue;
            }
            try {
                counted.put(t.tid(), new Counted(opener.open(papi, component, t, events), t, events.size()));
            } catch (PapiException e) {
                // a thread that ended between listing and attaching is not an error worth keeping
                if (ProcTasks.alive(t.tid())) {
                    skipped.put(t.tid(), e.getMessage());
                    first = first == null ? e : first;
                }
            }
        }
        return first;
    }

    /** One sample; for a final sample the event set is released. Null when a live thread's read failed. */
    private ThreadSample read(Counted c, long nowNs, boolean ended) {
        boolean ok = true;
        try {
            c.last = c.set.read();
        } catch (PapiException e) {
            ok = false;
            skipped.put(c.set.tid(), e.getMessage());
        }
        if (ended || !ok) {
            try {
                c.set.close();
            } catch (PapiException e) {
                skipped.put(c.set.tid(), e.getMessage());
            }
            if (!ended) {
                counted.remove(c.set.tid());
                return null;
            }
        }
        long elapsed = c.set.elapsedNs(nowNs);
        List<CounterValue> values = new ArrayList<>(events.size());
        for (int i = 0; i < events.size(); i++) {
            values.add(new CounterValue(events.get(i), c.last[i], elapsed, elapsed));
        }
        return new ThreadSample(c.identity, nowNs, List.copyOf(values), ended);
    }

    private static int perfEventComponent(Papi papi) {
        for (int i = 0; i < papi.numComponents(); i++) {
            if ("perf_event".equals(papi.componentName(i))) {
                return i;
            }
        }
        return -1;
    }

    /** Why PAPI's perf_event component cannot count here (missing, or disabled and why), or null when it can. */
    public static String perfComponentProblem() {
        try {
            Papi papi = Papi.get();
            return componentProblem(papi, perfEventComponent(papi));
        } catch (PapiException e) {
            return e.getMessage();
        }
    }

    private static String componentProblem(Papi papi, int perf) {
        if (perf < 0) {
            return "PAPI has no perf_event component (see papi_component_avail); install a PAPI built with it";
        }
        String reason = papi.componentDisabledReason(perf);
        return reason == null ? null : "PAPI's perf_event component is disabled: " + reason
                + " (see papi_component_avail; check /proc/sys/kernel/perf_event_paranoid)";
    }

    /**
     * Probes PAPI_attach once per component, on the calling thread. PAPI 7's perf_event component validates attach by opening the
     * hardware "instructions" event for the target, so on a machine without a hardware PMU (most VMs) attach fails
     * with PAPI_ENOEVNT even for software events, which then only count their own thread.
     */
    private static synchronized String attachProblem(Papi papi, int component) {
        String known = ATTACH_PROBES.get(component);
        if (known != null) {
            return known.isEmpty() ? null : known;
        }
        String problem = null;
        int handle = papi.createEventSet();
        try {
            int rc = papi.assignComponent(handle, component);
            if (rc == Papi.PAPI_OK) {
                rc = papi.attach(handle, LinuxSyscalls.gettid());
            }
            if (rc != Papi.PAPI_OK) {
                String fix = switch (rc) {
                    case Papi.PAPI_ENOEVNT -> "PAPI checks attach permission with the hardware 'instructions' event,"
                            + " and this machine has no hardware PMU (virtual machine?); use the perf_event_open"
                            + " backend, which counts software events per thread";
                    case -15 -> "lower /proc/sys/kernel/perf_event_paranoid (or grant CAP_PERFMON)";
                    default -> "see papi_component_avail";
                };
                problem = "PAPI_attach is refused: " + papi.describe(rc) + "; " + fix;
            }
        } finally {
            papi.destroy(handle);
        }
        ATTACH_PROBES.put(component, problem == null ? "" : problem);
        return problem;
    }

    /** Checks every name and returns the one PAPI component they all belong to. */
    private static int componentOf(Papi papi, List<String> names) {
        int component = -1;
        for (String name : names) {
            IntByReference code = new IntByReference();
            int rc = papi.eventCode(name, code);
            if (rc != Papi.PAPI_OK) {
                String disabled = name.startsWith("perf::") ? componentProblem(papi, perfEventComponent(papi)) : null;
                if (disabled != null) {
                    // PAPI 7's libpfm4 does not know every CPU (e.g. AMD family 0x1a): then no perf:: event exists at all
                    throw new PapiException(rc, "PAPI cannot count " + name + " on this machine: " + disabled
                            + "; count with -XX:PerfUtilBackend=perf instead");
                }
                throw new PapiException(rc, "unknown PAPI event '" + name + "': PAPI_event_name_to_code returned "
                        + papi.describe(rc) + ". List this machine's events with papi_native_avail (native events,"
                        + " e.g. perf::TASK-CLOCK) and papi_avail -a (presets, e.g. PAPI_TOT_INS)");
            }
            rc = papi.queryNamedEvent(name);
            if (rc != Papi.PAPI_OK) {
                String why = name.startsWith("PAPI_")
                        ? "PAPI preset " + name + " is not available on this machine: no counter of this CPU"
                                + " implements it (virtual machines without a hardware PMU have no presets at all)"
                        : "PAPI event " + name + " is known but not available on this machine";
                throw new PapiException(rc, why + "; PAPI_query_named_event returned " + papi.describe(rc)
                        + ". papi_avail -a lists available presets; software events such as perf::TASK-CLOCK"
                        + " work without a PMU (papi_native_avail)");
            }
            int c = papi.eventComponent(code.getValue());
            if (c < 0) {
                throw new PapiException(c, "PAPI cannot tell the component of event " + name + ": " + papi.describe(c));
            }
            String disabled = papi.componentDisabledReason(c);
            if (disabled != null) {
                throw new PapiException(0, "PAPI event " + name + " belongs to component " + papi.componentName(c)
                        + ", which is disabled: " + disabled + " (see papi_component_avail)");
            }
            if (component >= 0 && c != component) {
                throw new IllegalArgumentException("PAPI events " + names + " come from different components ("
                        + papi.componentName(component) + ", " + papi.componentName(c)
                        + "): one event set counts one component; open one sampler per component");
            }
            component = c;
        }
        return component;
    }
}
