package com.numa.opt;

import com.numa.core.io.KernelFiles;
import java.io.IOException;
import java.nio.file.Path;

/** Per-CPU busy fraction since the previous call, from /proc/stat (for -XX:NUMAOptsNode=least-loaded). */
final class CpuLoad {
    private long[] lastBusy = new long[0];
    private long[] lastTotal = new long[0];

    double[] busySinceLastCall() {
        long[][] now = read();
        long[] busy = now[0];
        long[] total = now[1];
        double[] out = new double[busy.length];
        for (int c = 0; c < busy.length; c++) {
            long b = busy[c] - (c < lastBusy.length ? lastBusy[c] : 0);
            long t = total[c] - (c < lastTotal.length ? lastTotal[c] : 0);
            out[c] = t > 0 ? (double) b / t : 0;
        }
        lastBusy = busy;
        lastTotal = total;
        return out;
    }

    private static long[][] read() {
        long[] busy = new long[0];
        long[] total = new long[0];
        try {
            for (String line : KernelFiles.lines(Path.of("/proc/stat"))) {
                if (!line.startsWith("cpu") || line.startsWith("cpu ")) {
                    continue;
                }
                String[] f = KernelFiles.fields(line);
                int cpu = Integer.parseInt(f[0].substring(3));
                if (cpu >= busy.length) {
                    busy = java.util.Arrays.copyOf(busy, cpu + 1);
                    total = java.util.Arrays.copyOf(total, cpu + 1);
                }
                long sum = 0;
                for (int i = 1; i < f.length && i <= 8; i++) {
                    sum += Long.parseLong(f[i]);
                }
                long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0); // idle + iowait
                busy[cpu] = sum - idle;
                total[cpu] = sum;
            }
        } catch (IOException | RuntimeException e) {
            // no load figures: every node looks idle and the chooser falls back to the lowest index
        }
        return new long[][] {busy, total};
    }
}
