package com.numa.perfutil.machine;

import com.numa.core.topology.NumaTopology;
import java.util.List;

/**
 * What one inspection of a machine found: the facts {@code numa doctor} prints and judges each feature on. Plain data,
 * so verdicts can be computed (and tested) without a machine.
 *
 * @param onlineCpus CPUs the kernel has online ({@code /sys/devices/system/cpu/online}); 0 when unknown
 * @param topology   the nodes this process may run on, with distances
 * @param pmus       every PMU under /sys/bus/event_source/devices, sorted
 * @param corePmu    a core hardware PMU is registered
 * @param events     each of the study's events, opened once per thread (and uncore ones per CPU)
 * @param perCpu     whether counting every task on a CPU (pid -1) opens: per-core and per-node counters need it
 * @param paranoid   kernel.perf_event_paranoid, null when the file is absent
 * @param privilege  effective user and capabilities
 * @param limits     cgroup (container) CPU and memory limits
 * @param tools      numactl, perf, libpapi, the JDKs
 * @param numaBalancing kernel.numa_balancing, null when the kernel has no NUMA balancing
 */
public record MachineFacts(int onlineCpus, NumaTopology topology, List<String> pmus, boolean corePmu,
        List<EventCheck> events, EventCheck perCpu, Integer paranoid, Privilege privilege, Limits limits, Tools tools,
        Integer numaBalancing) {

    /** What an event is: a generic hardware event, an uncore (socket-wide) event, or a software one. */
    public enum EventKind {
        HARDWARE, UNCORE, SOFTWARE
    }

    /** One event opened once: whether it counts here and, if not, the reason in the user's words. */
    public record EventCheck(String event, EventKind kind, boolean counts, String why) {
    }

    /** uid 0, and the effective capabilities that perf_event_open looks at. */
    public record Privilege(boolean root, boolean capPerfmon, boolean capSysAdmin) {
        public boolean privileged() {
            return root || capPerfmon || capSysAdmin;
        }
    }

    /**
     * cgroup limits: {@code cpuQuota} in CPUs (NaN: none), {@code memoryMaxBytes} (-1: none), the cgroup path, and
     * whether the process runs in a container.
     */
    public record Limits(String cgroup, double cpuQuota, long memoryMaxBytes, boolean container) {
    }

    /** The tools found: absolute paths, null where absent; JDKs as "path (version)". */
    public record Tools(String numactl, String perf, String libpapi, List<String> jdks) {
    }

    /** The check for {@code event}, or null when it was not tried. */
    public EventCheck event(String event) {
        for (EventCheck e : events) {
            if (e.event().equals(event)) {
                return e;
            }
        }
        return null;
    }

    /** True when {@code event} was tried and counts. */
    public boolean counts(String event) {
        EventCheck e = event(event);
        return e != null && e.counts();
    }

    public int nodes() {
        return topology.nodeCount();
    }
}
