package com.numa.perfutil.topology;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a /sys/devices/system/node-like tree into a directory, the way the kernel lays it out. */
final class FakeSysfs {
    private final Path root;

    FakeSysfs(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    FakeSysfs online(String list) {
        write(root.resolve("online"), list + "\n");
        return this;
    }

    /** One nodeN directory; {@code distances} is its row over the online nodes, e.g. "10 21". */
    FakeSysfs node(int id, String cpulist, long memTotalKb, String distances) {
        Path dir = root.resolve("node" + id);
        write(dir.resolve("cpulist"), cpulist + "\n");
        write(dir.resolve("distance"), distances + "\n");
        write(dir.resolve("meminfo"), "Node " + id + " MemTotal:       " + memTotalKb + " kB\n"
                + "Node " + id + " MemFree:        " + memTotalKb / 2 + " kB\n"
                + "Node " + id + " MemUsed:        " + memTotalKb / 2 + " kB\n");
        return this;
    }

    FakeSysfs file(String relative, String content) {
        write(root.resolve(relative), content);
        return this;
    }

    private static void write(Path file, String content) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
