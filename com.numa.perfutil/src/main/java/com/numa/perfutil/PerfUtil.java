package com.numa.perfutil;

import com.numa.core.log.NumaLog;

import com.numa.perfutil.counters.CoreSampler;
import com.numa.perfutil.counters.CountersUnavailableException;
import com.numa.perfutil.counters.EventAvailability;
import com.numa.perfutil.counters.GroupPlanner;
import com.numa.perfutil.counters.PerfCoreSampler;
import com.numa.perfutil.counters.PerfThreadSampler;
import com.numa.perfutil.counters.ThreadSampler;
import com.numa.perfutil.events.EventParser;
import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.events.PmuCatalog;
import com.numa.perfutil.events.StudyEvents;
import com.numa.core.threads.ThreadDirectory;
import com.numa.core.topology.NumaTopology;
import java.util.List;
import java.util.function.Consumer;

/**
 * PerfUtil: hardware and software performance counters through Linux perf_event_open (the default backend).
 *
 * <p>Public surface:
 * <ul>
 * <li>{@link #perThread(List, ThreadDirectory, Consumer)}: a {@link ThreadSampler} counting every thread the directory
 * lists (pid = tid, cpu = -1); each {@code sample()} picks up new threads and gives ended ones a final sample.</li>
 * <li>{@link #perCore(List, NumaTopology, Consumer)}: a {@link CoreSampler} counting everything that runs on each usable
 * CPU (pid = -1); {@code NodeCounter.sumByNode} totals samples per NUMA node.</li>
 * <li>Event names follow {@code perf list}: {@code task-clock}, {@code cycles}, {@code LLC-load-misses},
 * {@code node-load-misses}, {@code rNNNN}, {@code pmu/event=0x..,umask=0x../}, modifiers {@code :u}/{@code :k};
 * see {@link EventParser}. An unknown name throws IllegalArgumentException with the closest known names.</li>
 * <li>Events the machine cannot count (no hardware PMU in a virtual machine, missing permission) are dropped with one
 * message to {@code log}; the rest are counted; if nothing is left, task-clock is. If not even task-clock can be
 * counted (e.g. per-core without permission), {@link CountersUnavailableException} explains why.</li>
 * <li>{@link #defaultEvents()}: what to count when the user names nothing: the study's hardware events where a PMU
 * counts them, the software events everywhere.</li>
 * <li>Hardware events are grouped {@value GroupPlanner#DEFAULT_HARDWARE_PER_GROUP} to a group (software events share
 * one group); the kernel multiplexes groups, and every value keeps raw, enabled and running times
 * ({@code CounterValue.scaled()}, {@code coveragePct()}).</li>
 * </ul>
 */
public final class PerfUtil {
    private PerfUtil() {
    }

    /** Per-thread counters over the threads of {@code dir}; {@code log} gets the one-time availability message. */
    public static ThreadSampler perThread(List<String> events, ThreadDirectory dir, Consumer<String> log) {
        return perThread(events, dir, log, GroupPlanner.defaults());
    }

    /** As {@link #perThread(List, ThreadDirectory, Consumer)} with an explicit grouping. */
    public static PerfThreadSampler perThread(List<String> events, ThreadDirectory dir, Consumer<String> log,
            GroupPlanner planner) {
        requireEvents(events);
        Consumer<String> out = orStderr(log);
        // Probe on the calling thread: opening on another thread of this process needs the same permission.
        EventAvailability availability = EventAvailability.kernel(0, -1, PmuCatalog.system(), "per-thread counters", out);
        List<EventSpec> usable = availability.usable(EventParser.system().parseAll(events));
        List<List<EventSpec>> plan = planner.refine(planner.plan(usable), availability::groupOpens);
        return new PerfThreadSampler(usable, plan, dir, out);
    }

    /** Per-core counters on every usable CPU of {@code topo}; needs CAP_PERFMON or kernel.perf_event_paranoid <= 0. */
    public static CoreSampler perCore(List<String> events, NumaTopology topo, Consumer<String> log) {
        return perCore(events, topo, log, GroupPlanner.defaults());
    }

    /** As {@link #perCore(List, NumaTopology, Consumer)} with an explicit grouping. */
    public static PerfCoreSampler perCore(List<String> events, NumaTopology topo, Consumer<String> log,
            GroupPlanner planner) {
        requireEvents(events);
        Consumer<String> out = orStderr(log);
        int[] cpus = topo.usableCpus().toArray();
        if (cpus.length == 0) {
            throw new IllegalArgumentException("per-core counters: the topology has no usable CPU (" + topo + ")");
        }
        EventAvailability availability = EventAvailability.kernel(-1, cpus[0], PmuCatalog.system(),
                "per-core counters (every task on a CPU)", out);
        List<EventSpec> usable = availability.usable(EventParser.system().parseAll(events));
        List<List<EventSpec>> plan = planner.refine(planner.plan(usable), availability::groupOpens);
        return new PerfCoreSampler(usable, plan, topo, out);
    }

    /**
     * The events PerfUtil counts when none are named: on a machine with a core PMU, the study's hardware events that
     * open on the calling thread, then the software ones; elsewhere the software ones only ({@link StudyEvents}).
     */
    public static List<String> defaultEvents() {
        PmuCatalog catalog = PmuCatalog.system();
        EventParser parser = new EventParser(catalog);
        EventAvailability.Probe probe = EventAvailability.kernelProbe(0, -1);
        return StudyEvents.forMachine(catalog.hasCorePmu(),
                e -> probe.errnoOfOpening(List.of(parser.parse(e))) == 0);
    }

    private static void requireEvents(List<String> events) {
        if (events == null || events.isEmpty()) {
            throw new IllegalArgumentException("no events to count: name at least one as `perf list` does, e.g. task-clock");
        }
    }

    private static Consumer<String> orStderr(Consumer<String> log) {
        return log != null ? log : NumaLog.stderr();
    }
}
