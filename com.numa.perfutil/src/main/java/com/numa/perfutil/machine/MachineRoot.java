package com.numa.perfutil.machine;

import com.numa.core.io.KernelFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where the kernel's files are: {@code /} on a real machine, a temporary directory holding a scripted
 * {@code sys/} and {@code proc/} tree in tests. Every path the doctor reads goes through here, so a test machine is a
 * directory and nothing else.
 */
public record MachineRoot(Path root) {

    /** This machine. */
    public static MachineRoot system() {
        return new MachineRoot(Path.of("/"));
    }

    /** {@code absolute} (a path as on a real machine, e.g. "/proc/sys/kernel/numa_balancing") under this root. */
    public Path path(String absolute) {
        return root.resolve(absolute.startsWith("/") ? absolute.substring(1) : absolute);
    }

    public Path nodes() {
        return path("/sys/devices/system/node");
    }

    public Path pmus() {
        return path("/sys/bus/event_source/devices");
    }

    public Path paranoid() {
        return path("/proc/sys/kernel/perf_event_paranoid");
    }

    public Path numaBalancing() {
        return path("/proc/sys/kernel/numa_balancing");
    }

    /** The file's first line, stripped; empty when it is absent or unreadable. */
    public Optional<String> firstLine(String absolute) {
        try {
            String text = KernelFiles.read(path(absolute)).strip();
            int nl = text.indexOf('\n');
            return Optional.of(nl < 0 ? text : text.substring(0, nl).strip());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The file's lines; empty when it is absent or unreadable. */
    public List<String> lines(String absolute) {
        try {
            return KernelFiles.lines(path(absolute));
        } catch (IOException e) {
            return List.of();
        }
    }
}
