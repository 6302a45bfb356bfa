package com.numa.vm.doctor;

import com.numa.perfutil.locality.KernelLocality;
import com.numa.perfutil.events.StudyEvents;
import com.numa.perfutil.machine.MachineFacts;
import com.numa.perfutil.machine.MachineFacts.EventCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * The doctor's judgement: from the facts of one inspection, what each feature will do here. Pure logic (no I/O), so
 * a test feeds scripted machines and asserts on the lines.
 */
public final class FeatureVerdicts {
    static final String PMU_FIX = "run on a machine whose PMU is exposed (bare metal, or a VM with a virtual PMU:"
            + " KVM -cpu host,pmu=on)";
    static final String NODES_FIX = "run on a machine with 2 or more NUMA nodes (or tools/numa-guest for a real"
            + " 2-node kernel without real timings)";
    static final String PERMISSION_FIX = "run as root or with CAP_PERFMON, or sysctl -w kernel.perf_event_paranoid=1";

    private FeatureVerdicts() {
    }

    public static List<FeatureVerdict> of(MachineFacts m) {
        List<FeatureVerdict> out = new ArrayList<>();
        out.add(perfUtil(m));
        out.add(FeatureVerdict.full("NUMAProfiler", "bytecode instrumentation: needs no counters and no nodes"));
        out.add(numaOpts(m));
        out.add(table2(m));
        out.add(FeatureVerdict.full("characterize Table 4", "shared accesses come from the profiler"));
        out.add(table5(m));
        out.add(table6(m));
        out.add(speedupStack(m));
        out.add(gcReplay(m));
        out.add(locality(m));
        return out;
    }

    private static FeatureVerdict perfUtil(MachineFacts m) {
        String f = "PerfUtil";
        if (!m.counts("task-clock")) {
            return FeatureVerdict.off(f, "not even task-clock opens: " + m.event("task-clock").why(), PERMISSION_FIX);
        }
        List<String> hardware = counted(m, StudyEvents.HARDWARE);
        if (hardware.isEmpty()) {
            return FeatureVerdict.degraded(f, "software events only (" + String.join(", ", StudyEvents.SOFTWARE)
                    + "); hardware events: " + hardwareWhy(m), m.corePmu() ? PERMISSION_FIX : PMU_FIX);
        }
        if (!m.perCpu().counts()) {
            return FeatureVerdict.degraded(f, "per-thread hardware counters (" + String.join(", ", hardware)
                    + "); per-core scope off: " + m.perCpu().why(), PERMISSION_FIX.replace("=1", "=0"));
        }
        return FeatureVerdict.full(f, "hardware counters per thread and per core (" + String.join(", ", hardware) + ")");
    }

    private static FeatureVerdict numaOpts(MachineFacts m) {
        String f = "NUMAOpts";
        int cpus = m.topology().usableCpus().size();
        if (cpus < 2) {
            return FeatureVerdict.off(f, "one usable CPU: there is nothing to place", "give the process 2+ CPUs");
        }
        if (m.nodes() < 2) {
            return FeatureVerdict.degraded(f, "one NUMA node: it places threads on emulated nodes only"
                    + " (-XX:NUMATopology=2), which shows the mechanism, not a locality gain", NODES_FIX);
        }
        if (!m.counts("cycles") || !m.counts("instructions")) {
            return FeatureVerdict.degraded(f, "no CPI (cycles/instructions: " + hardwareWhy(m)
                    + "): it decides on wall-time signals (progress, allocation, cpu-share)", PMU_FIX);
        }
        return FeatureVerdict.full(f, m.nodes() + " nodes, CPI from cycles and instructions");
    }

    private static FeatureVerdict table2(MachineFacts m) {
        String f = "characterize Table 2";
        if (m.counts("instructions")) {
            return FeatureVerdict.full(f, "per-thread work in retired instructions");
        }
        if (m.counts("task-clock")) {
            return FeatureVerdict.degraded(f, "per-thread work is CPU time (task-clock), not instructions: "
                    + hardwareWhy(m), PMU_FIX);
        }
        return FeatureVerdict.off(f, "no per-thread counter opens: " + m.event("task-clock").why(), PERMISSION_FIX);
    }

    private static FeatureVerdict table5(MachineFacts m) {
        String f = "characterize Table 5";
        if (!m.counts("LLC-loads") || !m.counts("LLC-load-misses")) {
            String noMisses = "no LLC miss rates: LLC-loads/LLC-load-misses: " + why(m, "LLC-load-misses");
            String fix = m.corePmu() ? PERMISSION_FIX : PMU_FIX;
            String blocker = kernelLocalityBlocker(m);
            if (blocker == null) {
                return FeatureVerdict.degraded(f, noMisses + "; the remote share and Locality-Bound come from the"
                        + " kernel: sampled page touches (NUMA hinting faults), not misses", fix);
            }
            return FeatureVerdict.off(f, noMisses + "; no kernel source either: " + blocker, fix);
        }
        if (!m.counts("node-load-misses")) {
            return FeatureVerdict.degraded(f, "LLC miss rates only; no remote share: node-load-misses: "
                    + why(m, "node-load-misses"), "a CPU whose PMU has node (offcore) events");
        }
        if (m.nodes() < 2) {
            return FeatureVerdict.degraded(f, "LLC miss rates; the remote share needs Dual Node (one node here)",
                    NODES_FIX);
        }
        return FeatureVerdict.full(f, "LLC miss rates and the remote share of misses in Dual Node");
    }

    private static FeatureVerdict table6(MachineFacts m) {
        String f = "characterize Table 6";
        if (m.topology().usableCpus().size() < 2) {
            return FeatureVerdict.off(f, "one usable CPU: Single and All Nodes are the same run",
                    "give the process 2+ CPUs");
        }
        return onRealNodes(f, m, "Single/All Nodes are emulated CPU halves sharing one memory",
                "Single, Dual and All Nodes on " + m.nodes() + " real nodes");
    }

    private static FeatureVerdict speedupStack(MachineFacts m) {
        String f = "speedup-stack";
        int cpus = m.topology().usableCpus().size();
        if (cpus < 4) {
            return FeatureVerdict.degraded(f, cpus + " usable CPUs: thread counts above " + cpus
                    + " measure time sharing, not speedup", "run on a machine with as many CPUs as threads");
        }
        return FeatureVerdict.full(f, "JFR and thread clocks on " + cpus + " CPUs");
    }

    private static FeatureVerdict gcReplay(MachineFacts m) {
        return onRealNodes("gc-replay", m, "to-spaces are bound to node 0 only, placement is replayed but not remote",
                "to-spaces bound to " + m.nodes() + " real nodes");
    }

    /** Full on 2+ real nodes; on one node degraded, saying what the emulation leaves out. */
    private static FeatureVerdict onRealNodes(String feature, MachineFacts m, String oneNode, String full) {
        return m.nodes() < 2 ? FeatureVerdict.degraded(feature, "one NUMA node: " + oneNode, NODES_FIX)
                : FeatureVerdict.full(feature, full);
    }

    /** Where remote accesses are seen: node-load-misses on a PMU, else NUMA balancing's hinting faults. */
    private static FeatureVerdict locality(MachineFacts m) {
        String f = "locality";
        if (m.nodes() < 2) {
            return FeatureVerdict.off(f, "one NUMA node: no memory is remote", NODES_FIX);
        }
        if (m.counts("node-load-misses")) {
            return FeatureVerdict.full(f, "remote misses counted by node-load-misses");
        }
        if (m.numaBalancing() == null) {
            return FeatureVerdict.off(f, "no node-load-misses (" + why(m, "node-load-misses") + ") and no NUMA"
                    + " balancing in this kernel", PMU_FIX + ", or a kernel with CONFIG_NUMA_BALANCING");
        }
        if (m.numaBalancing() == 0) {
            return FeatureVerdict.degraded(f, "no node-load-misses; NUMA balancing is off, so no hinting faults"
                    + " show remote pages", "sysctl -w kernel.numa_balancing=1");
        }
        return FeatureVerdict.degraded(f, "no node-load-misses; remote pages seen through NUMA balancing's hinting"
                + " faults (sampled, not every access)", PMU_FIX);
    }

    /**
     * Why characterize's kernel locality source (page-fault samples of NUMA balancing's hinting faults) cannot run
     * here, or null when it can: it needs 2+ nodes, balancing in the kernel, the page-faults event, and balancing on
     * or root to turn it on for the run.
     */
    private static String kernelLocalityBlocker(MachineFacts m) {
        return KernelLocality.blocker(m.nodes(), m.numaBalancing(),
                m.counts("page-faults") ? null : why(m, "page-faults"), m.privilege().root());
    }

    private static List<String> counted(MachineFacts m, List<String> events) {
        return events.stream().filter(m::counts).toList();
    }

    /** Why the first hardware study event that fails does not count. */
    private static String hardwareWhy(MachineFacts m) {
        for (String e : StudyEvents.HARDWARE) {
            EventCheck c = m.event(e);
            if (c != null && !c.counts()) {
                return c.why();
            }
        }
        return "not tried";
    }

    private static String why(MachineFacts m, String event) {
        EventCheck c = m.event(event);
        return c == null ? "not tried" : c.why();
    }
}
