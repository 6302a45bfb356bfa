package com.numa.perfutil.locality;

import com.numa.core.threads.ThreadRoleRules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The kernel's automatic NUMA balancing settings: {@code kernel.numa_balancing} and the scanner's delay, period and
 * size. The scan settings live in /proc/sys/kernel/numa_balancing_scan_* up to Linux 5.12 and in debugfs
 * (/sys/kernel/debug/sched/numa_balancing/) from 5.13; debugfs is mounted here when it is not and this process may.
 * {@link #tune} enables balancing with fast scanning for a measurement and returns the settings to restore; the restore
 * also runs from a shutdown hook, so SIGINT and SIGTERM put the machine back. Writing needs root.
 */
public final class NumaBalancing {
    static final Path PROC_SYS_KERNEL = Path.of("/proc/sys/kernel");
    static final Path DEBUGFS = Path.of("/sys/kernel/debug");
    /** The scanner's settings, by their debugfs names (procfs prefixes them with numa_balancing_). */
    static final List<String> SCAN = List.of("scan_delay_ms", "scan_period_min_ms", "scan_period_max_ms", "scan_size_mb");

    /**
     * The fast scanning a measurement uses: the first scan at once, then every 100-400 ms over 256 MiB. About 20,000
     * hinting faults a second on a 128 MiB array in a 2-node guest, against a few hundred per 10 s by default.
     */
    public static final Map<String, String> TUNED = Map.of("numa_balancing", "1", "scan_delay_ms", "0",
            "scan_period_min_ms", "100", "scan_period_max_ms", "400", "scan_size_mb", "256");

    private final Path enabled;
    private final Path proc;
    private final Path debugfs;
    private final Path debugfsDir;

    /** The settings of the kernel under {@code procSysKernel} (/proc/sys/kernel) and {@code debugfs} (tests: a tree). */
    public NumaBalancing(Path procSysKernel, Path debugfs) {
        this.proc = procSysKernel;
        this.enabled = procSysKernel.resolve("numa_balancing");
        this.debugfs = debugfs;
        this.debugfsDir = debugfs.resolve("sched/numa_balancing");
    }

    /** This machine's settings. */
    public static NumaBalancing system() {
        return new NumaBalancing(PROC_SYS_KERNEL, DEBUGFS);
    }

    /** Settings by name ({@code numa_balancing}, then the scan settings) with the file each was read from. */
    public record Settings(Map<String, String> values, Map<String, Path> files) {
        /** "numa_balancing=1 scan_delay_ms=0 ..." in a stable order. */
        public String describe() {
            StringBuilder sb = new StringBuilder();
            values.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
            return sb.length() == 0 ? "unknown (no NUMA balancing in this kernel)" : sb.toString();
        }

        public boolean enabled() {
            String v = values.get("numa_balancing");
            return v != null && !v.equals("0");
        }
    }

    /**
     * What {@link #tune} did: the settings before, those in force during the measurement, and what could not be
     * changed (empty when everything was). {@link #restore} puts the earlier values back once.
     */
    public static final class Tuning implements AutoCloseable {
        private final Settings before;
        private final Settings during;
        private final List<String> problems;
        private final Thread hook;
        private final Path mountedDebugfs;
        private boolean restored;

        Tuning(Settings before, Settings during, List<String> problems, Path mountedDebugfs) {
            this.before = before;
            this.during = during;
            this.problems = List.copyOf(problems);
            this.mountedDebugfs = mountedDebugfs;
            this.hook = new Thread(this::restoreQuietly, ThreadRoleRules.AGENT_PREFIX + "balancing-restore");
            if (!before.values().equals(during.values()) || mountedDebugfs != null) {
                Runtime.getRuntime().addShutdownHook(hook);
            }
        }

        public Settings before() {
            return before;
        }

        public Settings during() {
            return during;
        }

        public List<String> problems() {
            return problems;
        }

        /** Writes the earlier values back (only those that changed); later calls do nothing. */
        public synchronized void restore() {
            if (restored) {
                return;
            }
            restored = true;
            // scan settings first, the switch last: the machine never runs the tuned scanner after the restore
            List<String> names = new ArrayList<>(before.values().keySet());
            names.remove("numa_balancing");
            names.add("numa_balancing");
            List<String> failures = new ArrayList<>();
            for (String name : names) {
                String old = before.values().get(name);
                Path file = before.files().get(name);
                if (old != null && file != null && !old.equals(during.values().get(name))) {
                    try {
                        Files.writeString(file, old + "\n");
                    } catch (IOException e) {
                        failures.add(file + " (" + e.getMessage() + ")");
                    }
                }
            }
            if (mountedDebugfs != null) {
                String out = command(COMMAND_LIMIT, "umount", mountedDebugfs.toString());
                if (out != null) {
                    failures.add("umount " + mountedDebugfs + " (" + out + ")");
                }
            }
            if (Thread.currentThread() != hook) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException | IllegalArgumentException ignored) {
                    // shutting down, or never registered
                }
            }
            if (!failures.isEmpty()) {
                throw new IllegalStateException("could not restore NUMA balancing settings: " + String.join(", ",
                        failures) + "; set them back by hand to: " + before.describe());
            }
        }

        private void restoreQuietly() {
            try {
                restore();
            } catch (RuntimeException e) {
                System.err.println("numa: " + e.getMessage());
            }
        }

        @Override
        public void close() {
            restore();
        }
    }

    /** The settings in force now. */
    public Settings current() {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Path> files = new LinkedHashMap<>();
        read("numa_balancing", enabled, values, files);
        for (String name : SCAN) {
            Path f = scanFile(name);
            if (f != null) {
                read(name, f, values, files);
            }
        }
        return new Settings(values, files);
    }

    /**
     * Applies {@code wanted} (e.g. {@link #TUNED}) where this process may, and returns what was and what is in force.
     * Nothing is thrown: a setting that cannot be written stays as it was and is named in {@link Tuning#problems()}.
     */
    public Tuning tune(Map<String, String> wanted) {
        List<String> problems = new ArrayList<>();
        if (!Files.exists(enabled)) {
            problems.add("this kernel has no NUMA balancing (" + enabled + " is missing: CONFIG_NUMA_BALANCING off or "
                    + "one node); the sampled faults are ordinary page faults only");
            return new Tuning(current(), current(), problems, null);
        }
        boolean mounted = scanFile(SCAN.get(0)) == null && mountDebugfs(problems);
        Settings before = current();
        List<String> unavailable = new ArrayList<>();
        for (Map.Entry<String, String> w : wanted.entrySet()) {
            Path file = before.files().get(w.getKey());
            if (file == null) {
                unavailable.add(w.getKey());
                continue;
            }
            if (w.getValue().equals(before.values().get(w.getKey()))) {
                continue;
            }
            try {
                Files.writeString(file, w.getValue() + "\n");
            } catch (IOException e) {
                problems.add("cannot write " + file + " (" + e.getMessage() + "; root is needed): "
                        + w.getKey() + " stays " + before.values().get(w.getKey()));
            }
        }
        if (!unavailable.isEmpty()) {
            problems.add(whyUnavailable(unavailable));
        }
        return new Tuning(before, current(), problems, mounted ? debugfs : null);
    }

    /** One line for the settings this kernel does not let us read: they stay as the kernel has them. */
    private String whyUnavailable(List<String> names) {
        for (String name : names) {
            Path inDebugfs = debugfsDir.resolve(name);
            if (Files.exists(inDebugfs)) {
                try {
                    readSetting(inDebugfs);
                } catch (IOException e) {
                    return "cannot read " + debugfsDir + " (" + e.getMessage() + "; a kernel in lockdown refuses "
                            + "debugfs): " + String.join(", ", names) + " stay as the kernel has them";
                }
            }
        }
        return String.join(", ", names) + ": not offered by this kernel (looked in " + proc + " and " + debugfsDir
                + "); the kernel's scan rate is used";
    }

    Path scanFile(String name) {
        Path inDebugfs = debugfsDir.resolve(name);
        if (Files.isRegularFile(inDebugfs)) {
            return inDebugfs;
        }
        Path inProc = proc.resolve("numa_balancing_" + name);
        return Files.isRegularFile(inProc) ? inProc : null;
    }

    /** Mounts debugfs for the window (the restore unmounts it); true when it did. */
    private boolean mountDebugfs(List<String> problems) {
        if (!debugfs.equals(DEBUGFS) || !Files.isDirectory(debugfs) || Files.isDirectory(debugfs.resolve("sched"))) {
            return false;
        }
        String out = command(COMMAND_LIMIT, "mount", "-t", "debugfs", "debugfs", DEBUGFS.toString());
        if (out != null) {
            problems.add("the scan settings are in debugfs, which is not mounted and could not be (" + out
                    + "): the kernel's current scan rate is used");
            return false;
        }
        return true;
    }

    /** How long mount or umount may take: the restore runs in a shutdown hook, which must never hold the exit. */
    static final Duration COMMAND_LIMIT = Duration.ofSeconds(10);

    /** Runs a command for at most {@code limit}; null when it succeeded, else its output or why it did not finish. */
    static String command(Duration limit, String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return "did not finish within " + limit.toMillis() + " ms";
            }
            String out = new String(p.getInputStream().readAllBytes()).strip(); // a few lines, held by the pipe
            return p.exitValue() == 0 ? null : out.isEmpty() ? "exit code " + p.exitValue() : out;
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /**
     * One setting's value. Read with plain reads: debugfs files cannot seek, and FileInputStream.readAllBytes asks the
     * position first (ESPIPE, "Illegal seek").
     */
    static String readSetting(Path file) throws IOException {
        try (java.io.InputStream in = new java.io.FileInputStream(file.toString())) {
            byte[] buf = new byte[256];
            int n = 0;
            for (int r; n < buf.length && (r = in.read(buf, n, buf.length - n)) > 0; ) {
                n += r;
            }
            return new String(buf, 0, n, java.nio.charset.StandardCharsets.US_ASCII).strip();
        }
    }

    private static void read(String name, Path file, Map<String, String> values, Map<String, Path> files) {
        try {
            values.put(name, readSetting(file));
            files.put(name, file);
        } catch (IOException e) {
            // absent or unreadable: not a setting of this kernel
        }
    }
}
