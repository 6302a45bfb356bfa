package com.numa.bench.speedup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time (user + system) of this process's finished children: {@code cutime + cstime} of {@code /proc/self/stat}.
 * The kernel adds a child's CPU time there when the child is reaped, and the JDK reaps every child it started, so the
 * difference around one child run is that child's whole CPU time, every thread and the JVM's start-up and exit
 * included, whatever else shares the machine. Resolution: one clock tick (USER_HZ, 100 per second on Linux; the
 * kernel ABI fixes it for /proc), so 10 ms.
 */
final class ChildrenCpuTime {
    static final long NS_PER_TICK = 10_000_000L;

    private ChildrenCpuTime() {
    }

    /** The children's CPU time so far, ns. */
    static long now() throws IOException {
        return fromStat(Files.readString(Path.of("/proc/self/stat")));
    }

    /**
     * Fields 16 and 17 of a {@code stat} line (proc(5)); counted after the command name, which is in parentheses and
     * may itself hold spaces and parentheses.
     */
    static long fromStat(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc stat line: " + stat);
        }
        // after ") ": field 3 (state) is index 0, so field 16 (cutime) is index 13 and 17 (cstime) index 14
        String[] f = stat.substring(close + 2).trim().split("\\s+");
        if (f.length < 15) {
            throw new IllegalArgumentException("a /proc stat line with " + (f.length + 2) + " fields: " + stat);
        }
        return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * NS_PER_TICK;
    }
}
