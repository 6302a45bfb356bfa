package com.numa.opt;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A single-threaded program for the agent test: its main thread computes for {@code args[0]} ms, then prints
 * {@code tid=<tid> allowed=<Cpus_allowed_list> comm=<kernel name>} for every thread of the JVM, read from /proc.
 */
public final class SpinningMainProgram {
    private SpinningMainProgram() {
    }

    public static void main(String[] args) throws Exception {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
        long x = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 100_000; i++) {
                x += (i * 31L) ^ (x >>> 3);
            }
        }
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    String comm = Files.readString(t.resolve("comm")).strip();
                    for (String line : Files.readAllLines(t.resolve("status"))) {
                        if (line.startsWith("Cpus_allowed_list:")) {
                            System.out.println("tid=" + t.getFileName() + " allowed=" + line.substring(18).strip()
                                    + " comm=" + comm);
                        }
                    }
                } catch (java.io.IOException ended) {
                    // thread ended while listing
                }
            }
        }
        System.out.println("checksum=" + (x == 42 ? 0 : 1));
    }
}
