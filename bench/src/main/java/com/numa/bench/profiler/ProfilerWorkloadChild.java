package com.numa.bench.profiler;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One measured run in its own JVM: {@code <workload> <scale> [iterations=10]}; prints {@code elapsed_ns} (steady state:
 * the median of the second half of the iterations, steadier on a small machine than the last iteration alone),
 * {@code cpu_ns} (the process CPU time per iteration over that second half: a guest's task time leaves out the time
 * the hypervisor stole, so it stays comparable when the host is oversubscribed), {@code total_ns} (all iterations, warm-up included, which is where the
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
        long cpuAtHalf = 0;
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int i = 0; i < iterations; i++) {
            if (i == iterations / 2) {
                cpuAtHalf = os.getProcessCpuTime();
            }
            long t0 = System.nanoTime();
            checksum += ProfilerWorkloads.run(name, scale);
            times[i] = System.nanoTime() - t0;
            total += times[i];
        }
        long elapsed = (long) ProfilerOverhead.median(Arrays.copyOfRange(times, iterations / 2, iterations));
        // The process CPU clock ticks in 10 ms here: the second half as a whole, per iteration, is precise enough.
        long cpuSteady = (os.getProcessCpuTime() - cpuAtHalf) / (iterations - iterations / 2);
        long hwm = -1;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                hwm = Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        System.out.println("elapsed_ns=" + elapsed + " cpu_ns=" + cpuSteady + " total_ns=" + total + " peak_rss_kb=" + hwm + " checksum=" + checksum);
    }
}
