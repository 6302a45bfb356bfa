package com.numa.bench.profiler;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One measured run in its own JVM: {@code <workload> <scale> [iterations=10]}; prints {@code elapsed_ns} (steady state:
 * the median of the second half of the iterations, steadier on a small machine than the last iteration alone), {@code total_ns} (all iterations, warm-up included, which is where the
 * JIT competes with compiling the instrumented classes), {@code peak_rss_kb} (VmHWM) and a checksum.
 */
public final class ProfilerWorkloadChild {
    private ProfilerWorkloadChild() {
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        double scale = Double.parseDouble(args[1]);
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        long checksum = 0;
        long[] times = new long[iterations];
        long total = 0;
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            checksum += ProfilerWorkloads.run(name, scale);
            times[i] = System.nanoTime() - t0;
            total += times[i];
        }
        long elapsed = (long) ProfilerOverhead.median(Arrays.copyOfRange(times, iterations / 2, iterations));
        long hwm = -1;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                hwm = Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        System.out.println("elapsed_ns=" + elapsed + " total_ns=" + total + " peak_rss_kb=" + hwm + " checksum=" + checksum);
    }
}
