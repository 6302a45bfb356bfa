package com.numa.perfutil.locality;

import com.numa.core.io.KernelFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The kernel's own NUMA balancing counters, the coarse view beside the samples: the machine-wide {@code numa_*} lines
 * of /proc/vmstat (hinting faults, how many were local, pages migrated, PTEs the scanner updated) and a thread's
 * per-node {@code numa_faults} lines of /proc/self/task/TID/sched. The latter are decaying averages the scheduler keeps
 * for its placement decisions, recorded against the page's node after any migration: they make sense only for threads
 * pinned to one node.
 */
public final class KernelNumaCounters {
    private static final Path VMSTAT = Path.of("/proc/vmstat");

    private KernelNumaCounters() {
    }

    /** The {@code numa_*} counters of /proc/vmstat; empty when it cannot be read. */
    public static Map<String, Long> vmstat() {
        try {
            return parseVmstat(KernelFiles.read(VMSTAT));
        } catch (IOException e) {
            return Map.of();
        }
    }

    static Map<String, Long> parseVmstat(String text) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String[] f = KernelFiles.fields(line);
            if (f.length == 2 && f[0].startsWith("numa_")) {
                try {
                    out.put(f[0], Long.parseLong(f[1]));
                } catch (NumberFormatException ignored) {
                    // not a counter
                }
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** {@code after - before} per counter present in both. */
    public static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> out = new LinkedHashMap<>();
        after.forEach((k, v) -> {
            Long b = before.get(k);
            if (b != null) {
                out.put(k, v - b);
            }
        });
        return out;
    }

    /**
     * A thread's per-node hinting-fault averages (task_private + task_shared of each {@code numa_faults node=N} line),
     * ascending by node; empty when the kernel has no NUMA balancing or the thread has ended.
     */
    public static Map<Integer, Long> threadFaults(int tid) {
        try {
            return parseSchedFaults(KernelFiles.read(Path.of("/proc/self/task/" + tid + "/sched")));
        } catch (IOException e) {
            return Map.of();
        }
    }

    static Map<Integer, Long> parseSchedFaults(String text) {
        Map<Integer, Long> out = new TreeMap<>();
        for (String line : text.split("\n")) {
            if (!line.startsWith("numa_faults ")) {
                continue;
            }
            int node = -1;
            long faults = 0;
            for (String f : KernelFiles.fields(line)) {
                int eq = f.indexOf('=');
                if (eq < 0) {
                    continue;
                }
                String key = f.substring(0, eq);
                long value = Long.parseLong(f.substring(eq + 1));
                if (key.equals("node")) {
                    node = (int) value;
                } else if (key.equals("task_private") || key.equals("task_shared")) {
                    faults += value;
                }
            }
            if (node >= 0) {
                out.merge(node, faults, Long::sum);
            }
        }
        return Collections.unmodifiableMap(out);
    }
}
