package com.numa.perfutil.threads;

import com.numa.core.io.KernelFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The kernel's view of this process's threads, from /proc/self/task: tids, their comm names and allowed CPUs. A thread
 * can end between listing and reading; readers return null for it rather than failing.
 */
public final class ProcTasks {
    private static final Path TASKS = Path.of("/proc/self/task");

    private ProcTasks() {
    }

    /** Every live tid of this process, ascending. */
    public static List<Integer> tids() {
        List<Integer> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(TASKS)) {
            s.forEach(p -> {
                try {
                    out.add(Integer.parseInt(p.getFileName().toString()));
                } catch (NumberFormatException ignored) {
                    // not a task directory
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + TASKS + ": " + e.getMessage()
                    + " (numa-jvm needs Linux with /proc mounted)", e);
        }
        out.sort(null);
        return out;
    }

    /** True while the thread exists. */
    public static boolean alive(int tid) {
        return Files.isDirectory(TASKS.resolve(Integer.toString(tid)));
    }

    /** The kernel comm name (at most 15 characters), or null if the thread has ended. */
    public static String comm(int tid) {
        String s = read(tid, "comm");
        return s == null ? null : s.strip();
    }

    /** A field of /proc/self/task/TID/status (e.g. "Cpus_allowed_list"), or null if absent or the thread ended. */
    public static String status(int tid, String field) {
        String s = read(tid, "status");
        if (s == null) {
            return null;
        }
        for (String line : s.split("\n")) {
            if (line.startsWith(field + ":")) {
                return line.substring(field.length() + 1).strip();
            }
        }
        return null;
    }

    /**
     * The scheduler's totals for a thread, from /proc/self/task/TID/schedstat: {ns on a CPU, ns runnable but waiting
     * for one}; null when the kernel keeps no such file (no CONFIG_SCHED_INFO) or the thread has ended. Their sum over
     * an interval is the CPU time the thread wanted, whoever else kept the CPUs busy.
     */
    public static long[] schedstat(int tid) {
        // read every interval for every thread of the JVM: a plain stream and a digit loop, not Files.readString
        // (a quarter of the CPU time while the reading code is still interpreted)
        byte[] b = new byte[64];
        int n;
        try (java.io.FileInputStream in = new java.io.FileInputStream("/proc/self/task/" + tid + "/schedstat")) {
            n = in.read(b);
        } catch (IOException e) {
            return null; // no such thread (ended), or no schedstat in this kernel
        }
        long[] out = new long[2];
        int i = 0;
        for (int field = 0; field < 2; field++) {
            long v = 0;
            int digits = 0;
            for (; i < n && b[i] >= '0' && b[i] <= '9'; i++, digits++) {
                v = v * 10 + (b[i] - '0');
            }
            if (digits == 0 || i >= n || b[i] != ' ') {
                return null;
            }
            out[field] = v;
            i++;
        }
        return out;
    }

    /**
     * The CPU the calling thread runs on, from /proc/thread-self/stat (field 39, "processor": the CPU it last ran on,
     * which for the running caller is the current one), or -1 when the kernel does not say. Plain file reading: no
     * native library is loaded for it.
     */
    public static int currentCpu() {
        try {
            String stat = KernelFiles.read(Path.of("/proc/thread-self/stat"));
            // comm (field 2) is in parentheses and may hold spaces: count fields after its closing one
            String[] f = KernelFiles.fields(stat.substring(stat.lastIndexOf(')') + 2));
            return f.length > 36 ? Integer.parseInt(f[36]) : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * The calling thread's tid, from the /proc/thread-self link ({@code <pid>/task/<tid>}), or -1 when the kernel has
     * no such link (before Linux 3.17). Plain file reading: no native library is loaded for it.
     */
    public static int currentTid() {
        try {
            String link = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
            return Integer.parseInt(link.substring(link.lastIndexOf('/') + 1));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String read(int tid, String file) {
        try {
            return KernelFiles.read(TASKS.resolve(Integer.toString(tid)).resolve(file));
        } catch (IOException e) {
            // a task that has ended: FileNotFoundException, or ESRCH as a plain IOException when it dies mid-read
            return null;
        }
    }
}
