package com.numa.bench.profiler;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One measured run in its own JVM: {@code <workload> <scale> [iterations=5]}; prints {@code elapsed_ns} (the last
 * iteration: steady state, as DaCapo reports), {@code total_ns} (all iterations, warm-up included, which is where the
 * JIT competes with compiling the instrumented classes), {@code peak_rss_kb} (VmHWM) and a checksum.
 */
public final class ProfilerWorkloadChild {
    private ProfilerWorkloadChild() {
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        double scale = Double.parseDouble(args[1]);
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        long checksum = 0;
        long elapsed = 0;
        long total = 0;
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            checksum += ProfilerWorkloads.run(name, scale);
            elapsed = System.nanoTime() - t0;
            total += elapsed;
        }
        long hwm = -1;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                hwm = Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        System.out.println("elapsed_ns=" + elapsed + " total_ns=" + total + " peak_rss_kb=" + hwm + " checksum=" + checksum);
    }
}
