package com.numa.vm.doctor;

import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;
import com.numa.perfutil.machine.MachineFacts;
import com.numa.perfutil.machine.MachineFacts.EventCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The doctor's findings as text for a person and as a JSON tree (the same content), verdicts last. */
public final class DoctorReport {
    private final MachineFacts m;
    private final List<FeatureVerdict> verdicts;

    public DoctorReport(MachineFacts facts, List<FeatureVerdict> verdicts) {
        this.m = facts;
        this.verdicts = List.copyOf(verdicts);
    }

    public String text() {
        StringBuilder b = new StringBuilder();
        NumaTopology t = m.topology();
        b.append("CPUs: ").append(m.onlineCpus()).append(" online, ").append(t.usableCpus().size())
                .append(" usable by this process\n");
        b.append("NUMA nodes: ").append(t.nodeCount()).append('\n');
        for (int i = 0; i < t.nodeCount(); i++) {
            NumaNode n = t.node(i);
            b.append(String.format(Locale.ROOT, "  node %d: CPUs %s, %d MiB, distances %s%n", n.realNode(),
                    n.cpus().toList(), n.memoryBytes() >> 20, distances(t, i)));
        }
        b.append("PMUs: ").append(m.pmus().isEmpty() ? "none" : String.join(", ", m.pmus()))
                .append(m.corePmu() ? " (core hardware PMU present)" : " (no core hardware PMU)").append('\n');
        b.append("Events (opened once on this thread; uncore on one CPU):\n");
        for (EventCheck e : m.events()) {
            b.append(String.format(Locale.ROOT, "  %-26s %-8s %s%n", e.event(), e.kind().name().toLowerCase(Locale.ROOT),
                    e.counts() ? "counts" : "no: " + e.why()));
        }
        b.append(String.format(Locale.ROOT, "  %-26s %-8s %s%n", m.perCpu().event(), "per-cpu",
                m.perCpu().counts() ? "counts" : "no: " + m.perCpu().why()));
        b.append("perf_event_paranoid: ").append(m.paranoid() == null ? "absent (no perf events in this kernel)"
                : m.paranoid()).append('\n');
        MachineFacts.Privilege p = m.privilege();
        b.append("privilege: ").append(p.root() ? "root" : "not root").append(", CAP_PERFMON ")
                .append(p.capPerfmon() ? "yes" : "no").append(", CAP_SYS_ADMIN ").append(p.capSysAdmin() ? "yes" : "no")
                .append('\n');
        MachineFacts.Limits l = m.limits();
        b.append("cgroup: ").append(l.cgroup().isEmpty() ? "unknown" : l.cgroup()).append(", CPU limit ")
                .append(Double.isNaN(l.cpuQuota()) ? "none" : String.format(Locale.ROOT, "%.2f CPUs", l.cpuQuota()))
                .append(", memory limit ").append(l.memoryMaxBytes() < 0 ? "none" : (l.memoryMaxBytes() >> 20) + " MiB")
                .append(l.container() ? ", in a container" : "").append('\n');
        MachineFacts.Tools tools = m.tools();
        b.append("numactl: ").append(orAbsent(tools.numactl())).append('\n');
        b.append("perf: ").append(orAbsent(tools.perf())).append('\n');
        b.append("PAPI (libpapi): ").append(orAbsent(tools.libpapi())).append('\n');
        b.append("JDKs: ").append(tools.jdks().isEmpty() ? "none found" : String.join(", ", tools.jdks())).append('\n');
        b.append("kernel NUMA balancing: ").append(m.numaBalancing() == null ? "absent"
                : m.numaBalancing() == 0 ? "off (0)" : "on (" + m.numaBalancing() + ")").append('\n');
        b.append("\nFeatures:\n");
        for (FeatureVerdict v : verdicts) {
            b.append("  ").append(v.line()).append('\n');
        }
        return b.toString();
    }

    /** The same content as {@link #text()}, as maps and lists for Jackson. */
    public Map<String, Object> json() {
        Map<String, Object> root = new LinkedHashMap<>();
        NumaTopology t = m.topology();
        root.put("online_cpus", m.onlineCpus());
        root.put("usable_cpus", t.usableCpus().toList());
        List<Object> nodes = new ArrayList<>();
        for (int i = 0; i < t.nodeCount(); i++) {
            NumaNode n = t.node(i);
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("node", n.realNode());
            node.put("cpus", n.cpus().toList());
            node.put("memory_bytes", n.memoryBytes());
            node.put("distances", distances(t, i));
            nodes.add(node);
        }
        root.put("nodes", nodes);
        root.put("pmus", m.pmus());
        root.put("core_pmu", m.corePmu());
        List<Object> events = new ArrayList<>();
        for (EventCheck e : m.events()) {
            events.add(event(e, e.kind().name().toLowerCase(Locale.ROOT)));
        }
        events.add(event(m.perCpu(), "per-cpu"));
        root.put("events", events);
        root.put("perf_event_paranoid", m.paranoid());
        root.put("privilege", Map.of("root", m.privilege().root(), "cap_perfmon", m.privilege().capPerfmon(),
                "cap_sys_admin", m.privilege().capSysAdmin()));
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("cgroup", m.limits().cgroup());
        limits.put("cpu_limit", Double.isNaN(m.limits().cpuQuota()) ? null : m.limits().cpuQuota());
        limits.put("memory_limit_bytes", m.limits().memoryMaxBytes() < 0 ? null : m.limits().memoryMaxBytes());
        limits.put("container", m.limits().container());
        root.put("limits", limits);
        Map<String, Object> tools = new LinkedHashMap<>();
        tools.put("numactl", m.tools().numactl());
        tools.put("perf", m.tools().perf());
        tools.put("libpapi", m.tools().libpapi());
        tools.put("jdks", m.tools().jdks());
        root.put("tools", tools);
        root.put("numa_balancing", m.numaBalancing());
        List<Object> features = new ArrayList<>();
        for (FeatureVerdict v : verdicts) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("feature", v.feature());
            f.put("level", v.level().word());
            f.put("why", v.why());
            f.put("fix", v.fix());
            features.add(f);
        }
        root.put("features", features);
        return root;
    }

    private static Map<String, Object> event(EventCheck e, String kind) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("event", e.event());
        out.put("kind", kind);
        out.put("counts", e.counts());
        out.put("why_not", e.why());
        return out;
    }

    private static List<Integer> distances(NumaTopology t, int from) {
        List<Integer> out = new ArrayList<>();
        for (int to = 0; to < t.nodeCount(); to++) {
            out.add(t.distance(from, to));
        }
        return out;
    }

    private static String orAbsent(String path) {
        return path == null ? "not found" : path;
    }
}
