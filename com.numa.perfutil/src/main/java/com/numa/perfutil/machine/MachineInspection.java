package com.numa.perfutil.machine;

import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaTopology;
import com.numa.perfutil.counters.EventAvailability;
import com.numa.perfutil.events.EventParser;
import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.events.PmuCatalog;
import com.numa.perfutil.events.StudyEvents;
import com.numa.perfutil.machine.MachineFacts.EventCheck;
import com.numa.perfutil.machine.MachineFacts.EventKind;
import com.numa.perfutil.topology.SysfsTopologyReader;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One look at a machine for {@code numa doctor}: the sysfs node tree (through {@link SysfsTopologyReader}), the PMUs
 * (through {@link PmuCatalog}), each of the study's events actually opened once ({@link EventAvailability}'s probe and
 * its reasons), perf_event_paranoid, capabilities, cgroup limits, tools and NUMA balancing. The machine is a
 * {@link MachineRoot} plus two probes, so a test drives it with a temporary directory and scripted errnos.
 */
public final class MachineInspection {
    /** CAP_SYS_ADMIN and CAP_PERFMON bit numbers (include/uapi/linux/capability.h). */
    static final int CAP_SYS_ADMIN = 21, CAP_PERFMON = 38;

    private final MachineRoot root;
    private final EventAvailability.Probe threadProbe;
    private final EventAvailability.Probe cpuProbe;
    private final ToolSearch tools;

    /**
     * @param threadProbe opens events on the calling thread (pid 0, cpu -1), as per-thread PerfUtil does
     * @param cpuProbe    opens events for every task on one CPU (pid -1), as per-core counters and uncore events need
     */
    public MachineInspection(MachineRoot root, EventAvailability.Probe threadProbe, EventAvailability.Probe cpuProbe,
            ToolSearch tools) {
        this.root = root;
        this.threadProbe = threadProbe;
        this.cpuProbe = cpuProbe;
        this.tools = tools;
    }

    /** This machine, probed for real. */
    public static MachineInspection system(Map<String, String> env) {
        MachineRoot root = MachineRoot.system();
        int cpu = new SysfsTopologyReader().read().usableCpus().toArray()[0];
        return new MachineInspection(root, EventAvailability.kernelProbe(0, -1), EventAvailability.kernelProbe(-1, cpu),
                ToolSearch.system(root, env));
    }

    /** Inspects; throws IllegalStateException only when the machine cannot be inspected at all (no node tree, no CPU). */
    public MachineFacts inspect() {
        CpuSet online = root.firstLine("/sys/devices/system/cpu/online").map(CpuSet::parseList).orElse(null);
        CpuSet allowed = allowedCpus().orElse(online);
        if (allowed == null) {
            throw new IllegalStateException("cannot tell which CPUs this process may use: neither "
                    + root.path("/proc/self/status") + " nor " + root.path("/sys/devices/system/cpu/online") + " is readable");
        }
        NumaTopology topology = new SysfsTopologyReader(root.nodes(), allowed).read();
        PmuCatalog catalog = new PmuCatalog(root.pmus());
        boolean corePmu = catalog.hasCorePmu();
        Integer paranoid = integer("/proc/sys/kernel/perf_event_paranoid");
        EventParser parser = new EventParser(catalog);
        EventAvailability perThread = new EventAvailability(threadProbe, corePmu, root.paranoid(), "doctor", m -> { });
        EventAvailability perCpu = new EventAvailability(cpuProbe, corePmu, root.paranoid(), "doctor", m -> { });
        List<EventCheck> events = new ArrayList<>();
        for (String e : StudyEvents.ALL) {
            EventSpec spec = parser.parse(e);
            events.add(check(perThread, threadProbe, spec,
                    spec.needsHardwarePmu() ? EventKind.HARDWARE : EventKind.SOFTWARE, e));
        }
        for (String e : uncoreEvents(catalog)) {
            events.add(check(perCpu, cpuProbe, parser.parse(e), EventKind.UNCORE, e));
        }
        EventCheck cpuWide = check(perCpu, cpuProbe, parser.parse("task-clock"), EventKind.SOFTWARE,
                "task-clock (every task on a CPU)");
        return new MachineFacts(online == null ? 0 : online.size(), topology, catalog.pmuNames(), corePmu,
                List.copyOf(events), cpuWide, paranoid, privilege(), limits(),
                new MachineFacts.Tools(tools.program("numactl"), tools.program("perf"), tools.library("libpapi"),
                        tools.jdks()),
                integer("/proc/sys/kernel/numa_balancing"));
    }

    private static EventCheck check(EventAvailability availability, EventAvailability.Probe probe, EventSpec spec,
            EventKind kind, String name) {
        int errno = probe.errnoOfOpening(List.of(spec));
        return new EventCheck(name, kind, errno == 0, errno == 0 ? "" : availability.reason(spec, errno));
    }

    /**
     * One event per family of uncore PMUs (uncore_imc_0.._N are one family: their first alias on the first of them),
     * so a socket-wide counter is tried without opening dozens of PMUs.
     */
    static List<String> uncoreEvents(PmuCatalog catalog) {
        Map<String, String> byFamily = new LinkedHashMap<>();
        for (String name : catalog.pmuNames()) {
            if (!isUncore(name)) {
                continue;
            }
            String family = name.replaceAll("_\\d+$", "");
            if (byFamily.containsKey(family)) {
                continue;
            }
            PmuCatalog.Pmu pmu = catalog.pmu(name);
            if (pmu != null && !pmu.aliases().isEmpty()) {
                byFamily.put(family, name + "/" + pmu.aliases().keySet().iterator().next() + "/");
            }
        }
        return List.copyOf(byFamily.values());
    }

    /** Intel's uncore_*, AMD's data fabric and L3 PMUs: counters shared by a socket, counted per CPU only. */
    static boolean isUncore(String pmu) {
        return pmu.startsWith("uncore") || pmu.startsWith("amd_df") || pmu.startsWith("amd_l3")
                || pmu.startsWith("amd_umc");
    }

    private Optional<CpuSet> allowedCpus() {
        for (String line : root.lines("/proc/self/status")) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return Optional.of(CpuSet.parseList(line.substring("Cpus_allowed_list:".length()).strip()));
            }
        }
        return Optional.empty();
    }

    private MachineFacts.Privilege privilege() {
        boolean uid0 = false;
        long capEff = 0;
        for (String line : root.lines("/proc/self/status")) {
            String[] f = line.split("\\s+");
            if (line.startsWith("Uid:") && f.length > 2) {
                uid0 = f[2].equals("0"); // the effective uid
            } else if (line.startsWith("CapEff:") && f.length > 1) {
                capEff = Long.parseUnsignedLong(f[1], 16);
            }
        }
        return new MachineFacts.Privilege(uid0, (capEff >>> CAP_PERFMON & 1) != 0, (capEff >>> CAP_SYS_ADMIN & 1) != 0);
    }

    /** cgroup v2 (cpu.max, memory.max), else v1 (cpu.cfs_quota_us, memory.limit_in_bytes). */
    private MachineFacts.Limits limits() {
        String v2 = null;
        String v1cpu = null;
        String v1mem = null;
        for (String line : root.lines("/proc/self/cgroup")) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            if (f[0].equals("0") && f[1].isEmpty()) {
                v2 = f[2];
            } else if (List.of(f[1].split(",")).contains("cpu")) {
                v1cpu = "/sys/fs/cgroup/" + f[1] + f[2];
            } else if (f[1].equals("memory")) {
                v1mem = "/sys/fs/cgroup/memory" + f[2];
            }
        }
        double cpus = Double.NaN;
        long memory = -1;
        String where = v2 != null ? v2 : v1cpu != null ? v1cpu : "";
        if (v2 != null) {
            String dir = "/sys/fs/cgroup" + (v2.equals("/") ? "" : v2);
            String[] max = root.firstLine(dir + "/cpu.max").orElse("max").split("\\s+");
            if (max.length == 2 && !max[0].equals("max")) {
                cpus = Double.parseDouble(max[0]) / Double.parseDouble(max[1]);
            }
            memory = bytes(root.firstLine(dir + "/memory.max").orElse("max"));
        } else {
            if (v1cpu != null) {
                long quota = Long.parseLong(root.firstLine(v1cpu + "/cpu.cfs_quota_us").orElse("-1"));
                long period = Long.parseLong(root.firstLine(v1cpu + "/cpu.cfs_period_us").orElse("100000"));
                cpus = quota > 0 ? (double) quota / period : Double.NaN;
            }
            if (v1mem != null) {
                memory = bytes(root.firstLine(v1mem + "/memory.limit_in_bytes").orElse("max"));
            }
        }
        boolean container = Files.exists(root.path("/.dockerenv")) || Files.exists(root.path("/run/.containerenv"))
                || root.lines("/proc/self/cgroup").stream().anyMatch(l -> l.matches(".*(docker|kubepods|containerd|lxc).*"));
        return new MachineFacts.Limits(where, cpus, memory, container);
    }

    /** "max" or a value at or above 2^60 (cgroup v1's "unlimited") is no limit. */
    private static long bytes(String value) {
        if (value.equals("max")) {
            return -1;
        }
        long v = Long.parseLong(value);
        return v >= 1L << 60 ? -1 : v;
    }

    private Integer integer(String file) {
        return root.firstLine(file).map(s -> {
            try {
                return Integer.valueOf(s);
            } catch (NumberFormatException e) {
                return null;
            }
        }).orElse(null);
    }
}
