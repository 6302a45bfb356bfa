package com.numa.perfutil.topology;

import com.numa.core.io.KernelFiles;
import com.numa.core.topology.CpuSet;
import com.numa.core.topology.NumaNode;
import com.numa.core.topology.NumaTopology;

import com.numa.perfutil.linux.LinuxSyscalls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads the machine's NUMA nodes from sysfs (default {@code /sys/devices/system/node}; tests pass a fake tree).
 *
 * <p>For each node listed in {@code online} (or, without that file, each {@code nodeN} directory) it reads
 * {@code cpulist}, {@code meminfo} (MemTotal, kB converted to bytes) and the {@code distance} row. Each node's CPUs
 * are then restricted to the CPUs this process may use (sched_getaffinity of the calling thread, so read the topology
 * before pinning the reading thread). Nodes left without a usable CPU are dropped from the topology: numa-jvm places
 * threads, and a node it cannot run on is no place for a thread. Such nodes may still hold memory (memory-only nodes:
 * CXL/HBM expanders, or nodes whose CPUs lie outside the process's affinity); {@link #memoryOnlyNodes()} lists them
 * so callers can report that memory. Memory calls of numa-jvm name nodes by topology index, so such memory is not a
 * placement target unless a topology node's realNode is that node.
 *
 * <p>A kernel built without NUMA has no {@code /sys/devices/system/node}: the machine is then one node 0 holding every
 * usable CPU and all of /proc/meminfo's MemTotal.
 */
public final class SysfsTopologyReader {
    /** Where the kernel exports the node tree. */
    public static final Path DEFAULT_ROOT = Path.of("/sys/devices/system/node");

    private static final int LOCAL_DISTANCE = 10;

    private final Path root;
    private final Supplier<CpuSet> usableCpus;

    /** Reads the real tree, restricted to the calling thread's allowed CPUs. */
    public SysfsTopologyReader() {
        this(DEFAULT_ROOT);
    }

    /**
     * Reads the tree under {@code root}, restricted to the calling thread's allowed CPUs: the kernel's
     * Cpus_allowed_list of /proc/thread-self (no native library loaded at JVM start for it), else a real
     * sched_getaffinity.
     */
    public SysfsTopologyReader(Path root) {
        this(root, new Supplier<>() { // not a method reference: premain reads the topology
            @Override
            public CpuSet get() {
                return callerCpus();
            }
        });
    }

    private static CpuSet callerCpus() {
        try {
            for (String line : KernelFiles.lines(Path.of("/proc/thread-self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return CpuSet.parseList(line.substring("Cpus_allowed_list:".length()).strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc/thread-self (Linux before 3.17): ask the kernel directly
        }
        return CpuSet.fromMask(LinuxSyscalls.schedGetaffinity(0));
    }

    /** Reads the tree under {@code root}, restricted to {@code usableCpus} (lets tests script the allowed CPUs). */
    public SysfsTopologyReader(Path root, CpuSet usableCpus) {
        this(root, () -> usableCpus);
    }

    private SysfsTopologyReader(Path root, Supplier<CpuSet> usableCpus) {
        this.root = root;
        this.usableCpus = usableCpus;
    }

    /** The nodes this process can run on, with their usable CPUs, memory and distances; never empty. */
    public NumaTopology read() {
        CpuSet usable = usableCpus.get();
        if (!Files.isDirectory(root)) {
            return new NumaTopology(List.of(new NumaNode(0, usable, machineMemoryBytes(), 0)),
                    new int[][] {{LOCAL_DISTANCE}}, false);
        }
        List<RawNode> all = scan();
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (!all.get(i).cpus.intersect(usable).isEmpty()) {
                kept.add(i);
            }
        }
        if (kept.isEmpty()) {
            throw new IllegalStateException("none of the CPUs this process may use (" + usable.toList()
                    + ") belongs to a NUMA node under " + root + "; check the process's CPU affinity (taskset -p)");
        }
        List<NumaNode> nodes = new ArrayList<>();
        int[][] distances = new int[kept.size()][kept.size()];
        for (int r = 0; r < kept.size(); r++) {
            RawNode n = all.get(kept.get(r));
            nodes.add(new NumaNode(n.id, n.cpus.intersect(usable), n.memoryBytes, n.id));
            for (int c = 0; c < kept.size(); c++) {
                distances[r][c] = n.distances[kept.get(c)];
            }
        }
        return new NumaTopology(nodes, distances, false);
    }

    /**
     * Nodes that {@link #read()} leaves out because none of their CPUs is usable but that have memory: their full
     * cpulist (possibly empty), memory and real id. Empty when the tree is absent.
     */
    public List<NumaNode> memoryOnlyNodes() {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        CpuSet usable = usableCpus.get();
        List<NumaNode> out = new ArrayList<>();
        for (RawNode n : scan()) {
            if (n.cpus.intersect(usable).isEmpty() && n.memoryBytes > 0) {
                out.add(new NumaNode(n.id, n.cpus, n.memoryBytes, n.id));
            }
        }
        return out;
    }

    private record RawNode(int id, CpuSet cpus, long memoryBytes, int[] distances) {
    }

    /** Every online node in id order, distances indexed like the returned list. */
    private List<RawNode> scan() {
        int[] ids = nodeIds();
        Map<Integer, Integer> column = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            column.put(ids[i], i);
        }
        List<RawNode> out = new ArrayList<>();
        for (int id : ids) {
            Path dir = root.resolve("node" + id);
            if (!Files.isDirectory(dir)) {
                throw new IllegalStateException(root.resolve("online") + " lists node " + id + " but " + dir
                        + " does not exist");
            }
            CpuSet cpus;
            try {
                cpus = CpuSet.parseList(readFile(dir.resolve("cpulist")));
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(dir.resolve("cpulist") + ": " + e.getMessage(), e);
            }
            int[] row = parseDistances(dir.resolve("distance"), ids.length);
            out.add(new RawNode(id, cpus, parseMemTotal(dir.resolve("meminfo")), row));
        }
        return out;
    }

    private int[] nodeIds() {
        Path online = root.resolve("online");
        if (Files.exists(online)) {
            // "online" uses the kernel's list format ("0-1,3"), the same one CpuSet parses.
            try {
                return CpuSet.parseList(readFile(online)).toArray();
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(online + ": " + e.getMessage(), e);
            }
        }
        Pattern nodeDir = Pattern.compile("node(\\d+)"); // only without "online": not compiled in premain
        try (Stream<Path> s = Files.list(root)) {
            return s.map(p -> nodeDir.matcher(p.getFileName().toString()))
                    .filter(Matcher::matches)
                    .mapToInt(m -> Integer.parseInt(m.group(1)))
                    .sorted()
                    .toArray();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + root + ": " + e.getMessage(), e);
        }
    }

    /** One entry per online node, in node-id order (the kernel prints the row that way). */
    private static int[] parseDistances(Path file, int expected) {
        String[] parts = KernelFiles.fields(readFile(file));
        if (parts.length != expected) {
            throw new IllegalStateException(file + " has " + parts.length + " distance(s) for " + expected
                    + " online node(s)");
        }
        int[] row = new int[expected];
        for (int i = 0; i < expected; i++) {
            try {
                row[i] = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                throw new IllegalStateException(file + ": '" + parts[i] + "' is not a distance", e);
            }
        }
        return row;
    }

    /** "Node 0 MemTotal:  4942040 kB" (per-node meminfo) or "MemTotal:  4942040 kB" (/proc/meminfo) in bytes. */
    static long parseMemTotal(Path file) {
        // fields, not a regex: see KernelFiles.fields
        for (String line : readFile(file).split("\n")) {
            int at = line.indexOf("MemTotal:");
            if (at < 0) {
                continue;
            }
            String[] f = KernelFiles.fields(line.substring(at + "MemTotal:".length()));
            try {
                long value = Long.parseLong(f[0]);
                return f.length > 1 && f[1].equals("kB") ? value * 1024 : value;
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new IllegalStateException(file + ": no number after MemTotal in '" + line + "'", e);
            }
        }
        throw new IllegalStateException(file + " has no MemTotal line");
    }

    private static long machineMemoryBytes() {
        try {
            return parseMemTotal(Path.of("/proc/meminfo"));
        } catch (IllegalStateException e) {
            return 0; // unknown size; the node still carries the CPUs, which is what placement needs
        }
    }

    private static String readFile(Path file) {
        try {
            return KernelFiles.read(file);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
