package com.numa.perfutil.events;

import com.numa.core.io.KernelFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The PMUs the kernel exposes under a sysfs root (normally /sys/bus/event_source/devices): each PMU's dynamic type id,
 * its {@code format/} terms and its {@code events/} aliases. The root is a parameter so tests can use a fake tree;
 * nothing about a machine is baked in (the MaxineVM tools hard-coded uncore type ids).
 */
public final class PmuCatalog {
    /** Where the kernel publishes PMUs. */
    public static final Path SYSFS_ROOT = Path.of("/sys/bus/event_source/devices");

    /** PMUs that are not counting hardware even though they have a dynamic type. */
    private static final Set<String> NOT_HARDWARE = Set.of("software", "tracepoint", "breakpoint", "kprobe", "uprobe");

    /** One alias from {@code events/<name>}: its term list plus the optional {@code .scale}/{@code .unit} files. */
    public record Alias(String name, String terms, double scale, String unit) {
    }

    /** One PMU: name, perf_event_attr.type, formats by term and aliases by name. */
    public record Pmu(String name, int type, Map<String, PmuFormat> formats, Map<String, Alias> aliases) {
    }

    private final Path root;
    private final Map<String, Pmu> cache = new ConcurrentHashMap<>();

    public PmuCatalog(Path root) {
        this.root = root;
    }

    /** The catalog of this machine. */
    public static PmuCatalog system() {
        return new PmuCatalog(SYSFS_ROOT);
    }

    public Path root() {
        return root;
    }

    /** Names of every PMU under the root (empty when the root does not exist), sorted. */
    public List<String> pmuNames() {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(root)) {
            s.forEach(p -> {
                if (Files.isRegularFile(p.resolve("type"))) {
                    out.add(p.getFileName().toString());
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException("cannot list PMUs in " + root + ": " + e.getMessage(), e);
        }
        Collections.sort(out);
        return out;
    }

    /** The PMU of that name, or null when the kernel has none. */
    public Pmu pmu(String name) {
        if (name.isEmpty() || name.contains("/") || name.startsWith(".")) {
            return null;
        }
        Path dir = root.resolve(name);
        if (!Files.isRegularFile(dir.resolve("type"))) {
            return null;
        }
        return cache.computeIfAbsent(name, n -> load(n, dir));
    }

    /**
     * True when a core (CPU) hardware PMU is registered: the one the kernel gives PERF_TYPE_RAW, or a hybrid x86
     * {@code cpu_core}/{@code cpu_atom}. Virtual machines without a virtual PMU have only software-like PMUs.
     */
    public boolean hasCorePmu() {
        for (String n : pmuNames()) {
            if (NOT_HARDWARE.contains(n)) {
                continue;
            }
            if (n.equals("cpu") || n.equals("cpu_core") || n.equals("cpu_atom")) {
                return true;
            }
            String type = readOptional(root.resolve(n).resolve("type"));
            if (type != null && type.strip().equals(Integer.toString(EventSpec.TYPE_RAW))) {
                return true;
            }
        }
        return false;
    }

    /** False for the kernel's software-like PMUs, whose events count without hardware. */
    static boolean isHardwarePmu(String name) {
        return !NOT_HARDWARE.contains(name);
    }

    private Pmu load(String name, Path dir) {
        int type;
        try {
            type = Integer.parseInt(read(dir.resolve("type")).strip());
        } catch (NumberFormatException e) {
            throw new IllegalStateException("PMU " + name + ": " + dir.resolve("type") + " is not a number");
        }
        Map<String, PmuFormat> formats = new TreeMap<>();
        for (Path f : list(dir.resolve("format"))) {
            String term = f.getFileName().toString();
            formats.put(term, PmuFormat.parse(term, read(f)));
        }
        Map<String, Alias> aliases = new TreeMap<>();
        Path events = dir.resolve("events");
        for (Path f : list(events)) {
            String file = f.getFileName().toString();
            if (file.endsWith(".scale") || file.endsWith(".unit") || file.endsWith(".per-pkg")
                    || file.endsWith(".snapshot")) {
                continue;
            }
            String scale = readOptional(events.resolve(file + ".scale"));
            String unit = readOptional(events.resolve(file + ".unit"));
            double s = 1.0;
            if (scale != null) {
                try {
                    s = Double.parseDouble(scale.strip());
                } catch (NumberFormatException e) {
                    throw new IllegalStateException("PMU " + name + ": " + file + ".scale is not a number: " + scale.strip());
                }
            }
            aliases.put(file, new Alias(file, read(f).strip(), s, unit == null ? "" : unit.strip()));
        }
        return new Pmu(name, type, Collections.unmodifiableMap(formats), Collections.unmodifiableMap(aliases));
    }

    private static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String read(Path p) {
        try {
            return KernelFiles.read(p);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    private static String readOptional(Path p) {
        try {
            return KernelFiles.read(p);
        } catch (IOException e) {
            return null; // FileNotFoundException included: the attribute is optional
        }
    }
}
