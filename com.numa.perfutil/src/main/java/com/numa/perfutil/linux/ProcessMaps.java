package com.numa.perfutil.linux;

import com.numa.core.io.KernelFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The process's memory mappings as /proc/self/maps lists them (proc(5)): "start-end perms offset dev inode path", one
 * mapping a line. The path is the first word after the inode: empty for an anonymous mapping, a bracketed name for the
 * kernel's own ({@code [heap]}, {@code [stack]}, {@code [vvar]}).
 */
public final class ProcessMaps {
    /** One line: [start, end), its permissions ("rw-p"), the inode of its file (0 when none) and its path. */
    public record Mapping(long start, long end, String perms, long inode, String path) {
        /** Private ("p") and writable ("rw"): copy-on-write memory of this process alone. */
        public boolean privateWritable() {
            return perms.startsWith("rw") && perms.endsWith("p");
        }

        /** Backed by no file (inode 0): anonymous memory, the kernel's named areas among them. */
        public boolean anonymous() {
            return inode == 0;
        }
    }

    private ProcessMaps() {
    }

    /** This process's mappings. */
    public static List<Mapping> self() throws IOException {
        return parse(KernelFiles.read(Path.of("/proc/self/maps")));
    }

    /** The mappings of a maps file's text; lines with fewer than five fields are skipped. */
    public static List<Mapping> parse(String text) {
        List<Mapping> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = KernelFiles.fields(line);
            if (f.length < 5) {
                continue;
            }
            int dash = f[0].indexOf('-');
            out.add(new Mapping(Long.parseUnsignedLong(f[0].substring(0, dash), 16),
                    Long.parseUnsignedLong(f[0].substring(dash + 1), 16), f[1], Long.parseUnsignedLong(f[4]),
                    f.length >= 6 ? f[5] : ""));
        }
        return out;
    }
}
