package com.numa.perfutil.machine;

import com.numa.perfutil.counters.EventAvailability;
import com.numa.perfutil.events.EventSpec;
import com.numa.perfutil.linux.Errno;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A machine for tests: a temporary sys/ and proc/ tree as the kernel lays it out, and probes that answer
 * perf_event_open the way the kernel does for that machine (no PMU: ENOENT for hardware events; paranoid above 2
 * without privilege: EACCES for everything; paranoid above 0 without privilege: EACCES for counting a whole CPU;
 * uncore events only per CPU: EINVAL per thread).
 */
public final class ScriptedMachine {
    private final Path root;
    private boolean corePmu;
    private final List<String> uncorePmus = new ArrayList<>();
    private int paranoid = 2;
    private boolean privileged = true;
    private Set<String> missingEvents = Set.of();

    public ScriptedMachine(Path root) {
        this.root = root;
        write("/sys/bus/event_source/devices/software/type", "1");
        write("/sys/bus/event_source/devices/tracepoint/type", "2");
        write("/sys/bus/event_source/devices/breakpoint/type", "5");
        write("/proc/sys/kernel/perf_event_paranoid", "2");
    }

    /** {@code cpusPerNode} CPUs on each of {@code nodes} nodes, distance 10 locally and {@code remote} between. */
    public ScriptedMachine nodes(int nodes, int cpusPerNode, int remote) {
        int cpus = nodes * cpusPerNode;
        write("/sys/devices/system/cpu/online", "0-" + (cpus - 1));
        write("/sys/devices/system/node/online", nodes == 1 ? "0" : "0-" + (nodes - 1));
        for (int n = 0; n < nodes; n++) {
            String dir = "/sys/devices/system/node/node" + n;
            write(dir + "/cpulist", (n * cpusPerNode) + "-" + (n * cpusPerNode + cpusPerNode - 1));
            write(dir + "/meminfo", "Node " + n + " MemTotal:       16777216 kB\n");
            StringBuilder row = new StringBuilder();
            for (int m = 0; m < nodes; m++) {
                row.append(m == n ? 10 : remote).append(' ');
            }
            write(dir + "/distance", row.toString().strip());
        }
        write("/proc/self/status", "Name:\tjava\nUid:\t0\t0\t0\t0\nCpus_allowed_list:\t0-" + (cpus - 1)
                + "\nCapEff:\t000001ffffffffff\n");
        return this;
    }

    /** A core PMU ("cpu", type 4) with an event alias, as x86 kernels publish it. */
    public ScriptedMachine corePmu() {
        corePmu = true;
        write("/sys/bus/event_source/devices/cpu/type", "4");
        write("/sys/bus/event_source/devices/cpu/format/event", "config:0-7");
        write("/sys/bus/event_source/devices/cpu/format/umask", "config:8-15");
        write("/sys/bus/event_source/devices/cpu/events/instructions", "event=0xc0");
        return this;
    }

    /** An uncore PMU (e.g. uncore_imc_0) with a dynamic type and one alias. */
    public ScriptedMachine uncorePmu(String name, int type, String alias) {
        uncorePmus.add(name);
        String dir = "/sys/bus/event_source/devices/" + name;
        write(dir + "/type", Integer.toString(type));
        write(dir + "/format/event", "config:0-7");
        write(dir + "/format/umask", "config:8-15");
        write(dir + "/events/" + alias, "event=0x04,umask=0x03");
        return this;
    }

    /** Events the kernel refuses with ENOENT even with a PMU (a CPU without node events, for one). */
    public ScriptedMachine missing(String... events) {
        missingEvents = Set.of(events);
        return this;
    }

    /** kernel.perf_event_paranoid, and whether the process is root with every capability or a plain user. */
    public ScriptedMachine paranoid(int level, boolean privileged) {
        this.paranoid = level;
        this.privileged = privileged;
        write("/proc/sys/kernel/perf_event_paranoid", Integer.toString(level));
        if (!privileged) {
            String status = read("/proc/self/status").replace("Uid:\t0\t0\t0\t0", "Uid:\t1000\t1000\t1000\t1000")
                    .replace("CapEff:\t000001ffffffffff", "CapEff:\t0000000000000000");
            write("/proc/self/status", status);
        }
        return this;
    }

    public ScriptedMachine numaBalancing(int value) {
        write("/proc/sys/kernel/numa_balancing", Integer.toString(value));
        return this;
    }

    /** Tools on the program path and in the library directory of the tree. */
    public ScriptedMachine tools() {
        executable("/usr/bin/numactl");
        executable("/usr/bin/perf");
        write("/usr/lib/libpapi.so.7.0", "");
        executable("/usr/lib/jvm/jdk-17/bin/java");
        write("/usr/lib/jvm/jdk-17/release", "JAVA_VERSION=\"17.0.15\"\n");
        return this;
    }

    public MachineInspection inspection() {
        MachineRoot r = new MachineRoot(root);
        return new MachineInspection(r, probe(false), probe(true), ToolSearch.system(r, Map.of("PATH", "/usr/bin")));
    }

    public MachineFacts inspect() {
        return inspection().inspect();
    }

    /** The kernel's answer to opening one group on a thread ({@code perCpu} false) or on a whole CPU. */
    EventAvailability.Probe probe(boolean perCpu) {
        return group -> {
            for (EventSpec e : group) {
                int errno = errno(e, perCpu);
                if (errno != 0) {
                    return errno;
                }
            }
            return 0;
        };
    }

    private int errno(EventSpec e, boolean perCpu) {
        if (!privileged && (paranoid > 2 || (perCpu && paranoid > 0))) {
            return Errno.EACCES;
        }
        boolean uncore = uncorePmus.stream().anyMatch(p -> e.name().startsWith(p + "/"));
        if (uncore) {
            return perCpu ? 0 : Errno.EINVAL;
        }
        if (e.needsHardwarePmu() && (!corePmu || missingEvents.contains(e.name()))) {
            return Errno.ENOENT;
        }
        return 0;
    }

    private void executable(String path) {
        write(path, "#!/bin/sh\n");
        root.resolve(path.substring(1)).toFile().setExecutable(true);
    }

    private String read(String path) {
        try {
            return Files.readString(root.resolve(path.substring(1)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String path, String text) {
        Path p = root.resolve(path.substring(1));
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text.endsWith("\n") || text.isEmpty() ? text : text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
