package com.numa.perfutil.locality;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Fake /proc/sys/kernel and debugfs trees under a directory, laid out as the kernel lays them out. */
final class FakeKernelTree {
    private FakeKernelTree() {
    }

    static Path proc(Path root) throws IOException {
        return Files.createDirectories(root.resolve("proc/sys/kernel"));
    }

    static Path debugfs(Path root) throws IOException {
        return Files.createDirectories(root.resolve("debug"));
    }

    /** Linux 5.13 and newer: the switch in procfs (off), the scanner in debugfs (the kernel's defaults). */
    static NumaBalancing newKernel(Path root) throws IOException {
        Path proc = proc(root);
        Files.writeString(proc.resolve("numa_balancing"), "0\n");
        Path dir = Files.createDirectories(debugfs(root).resolve("sched/numa_balancing"));
        Files.writeString(dir.resolve("scan_delay_ms"), "1000\n");
        Files.writeString(dir.resolve("scan_period_min_ms"), "1000\n");
        Files.writeString(dir.resolve("scan_period_max_ms"), "60000\n");
        Files.writeString(dir.resolve("scan_size_mb"), "256\n");
        return new NumaBalancing(proc, debugfs(root));
    }

    /** A setting's value as the kernel shows it, without the newline. */
    static String read(Path setting) throws IOException {
        return Files.readString(setting).strip();
    }
}
