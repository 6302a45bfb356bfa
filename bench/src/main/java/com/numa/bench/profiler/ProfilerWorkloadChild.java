package com.numa.bench.profiler;

import com.numa.bench.workloads.Workloads;
import com.numa.core.child.ChildReport;
import com.numa.core.stats.Stats;
import com.numa.core.workload.Workload;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One measured run of {@link ProfilerOverhead} in its own JVM: {@code <workload> <scale> [iterations=10]}; reports a
 * {@link Result} through {@link ChildReport}.
 */
public final class ProfilerWorkloadChild {
    private ProfilerWorkloadChild() {
    }

    /**
     * @param elapsedNs steady state: the median of the second half of the iterations, steadier on a small machine than
     *                  the last iteration alone
     * @param cpuNs     the process CPU time per iteration over that second half: a guest's task time leaves out the
     *                  time the hypervisor stole, so it stays comparable when the host is oversubscribed
     * @param totalNs   all iterations, warm-up included, which is where the JIT competes with compiling the
     *                  instrumented classes
     * @param peakRssKb peak resident set (VmHWM)
     * @param checksum  the workload's, summed over the iterations
     */
    public record Result(long elapsedNs, long cpuNs, long totalNs, long peakRssKb, long checksum) {
    }

    public static void main(String[] args) throws Exception {
        Workloads.Entry entry = Workloads.named(args[0]);
        double scale = Double.parseDouble(args[1]);
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        long checksum = 0;
        long[] times = new long[iterations];
        long total = 0;
        long cpuAtHalf = 0;
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (Workload workload = entry.at(scale)) {
            for (int i = 0; i < iterations; i++) {
                if (i == iterations / 2) {
                    cpuAtHalf = os.getProcessCpuTime();
                }
                long t0 = System.nanoTime();
                checksum += workload.iteration();
                times[i] = System.nanoTime() - t0;
                total += times[i];
            }
        }
        long elapsed = (long) Stats.median(Arrays.copyOfRange(times, iterations / 2, iterations));
        // The process CPU clock ticks in 10 ms here: the second half as a whole, per iteration, is precise enough.
        long cpuSteady = (os.getProcessCpuTime() - cpuAtHalf) / (iterations - iterations / 2);
        ChildReport.emit(new Result(elapsed, cpuSteady, total, peakRssKb(), checksum));
    }

    private static long peakRssKb() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
