package com.numa.opt;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A single-threaded program for the agent test: its main thread computes until every thread of its JVM but
 * numa-jvm's own runs on one and the same CPU set other than the one it started with (the optimizer confined it), or
 * for at most {@code args[0]} ms, then prints {@code tid=<tid> allowed=<Cpus_allowed_list> comm=<kernel name>} for
 * every thread of the JVM, read from /proc. Waiting for the confinement rather than for a fixed time keeps the test
 * free of timing: how soon the optimizer confines depends on the machine's load and on the JIT quieting down.
 */
public final class SpinningMainProgram {
    private SpinningMainProgram() {
    }

    public static void main(String[] args) throws Exception {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
        String started = allowed(Path.of("/proc/thread-self"));
        long x = 0;
        while (System.nanoTime() < end && !confined(started)) {
            long slice = System.nanoTime() + 50_000_000L;
            while (System.nanoTime() < slice) {
                for (int i = 0; i < 100_000; i++) {
                    x += (i * 31L) ^ (x >>> 3);
                }
            }
        }
        for (String[] t : threads()) {
            System.out.println("tid=" + t[0] + " allowed=" + t[1] + " comm=" + t[2]);
        }
        System.out.println("checksum=" + (x == 42 ? 0 : 1));
    }

    /** Every thread but numa-jvm's own ("NUMA-*", "JNA Cleaner") shares one CPU list, not the one it started with. */
    private static boolean confined(String started) throws Exception {
        Set<String> lists = new HashSet<>();
        for (String[] t : threads()) {
            if (!t[2].startsWith("NUMA-") && !t[2].equals("JNA Cleaner")) {
                lists.add(t[1]);
            }
        }
        return lists.size() == 1 && !lists.contains(started);
    }

    /** {tid, Cpus_allowed_list, comm} of every live thread. */
    private static List<String[]> threads() throws Exception {
        List<String[]> out = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    out.add(new String[] {t.getFileName().toString(), allowed(t), Files.readString(t.resolve("comm"))
                            .strip()});
                } catch (java.io.IOException ended) {
                    // thread ended while listing
                }
            }
        }
        return out;
    }

    private static String allowed(Path task) throws java.io.IOException {
        for (String line : Files.readAllLines(task.resolve("status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring(18).strip();
            }
        }
        return "";
    }
}
