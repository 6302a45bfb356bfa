package com.numa.bench.opt;

import com.numa.bench.workloads.Workloads;
import com.numa.core.io.AtomicFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The mechanism's overhead as in the paper (§5.2): each built-in workload runs N times without the optimizer and N
 * times with -XX:+NUMAOpts -XX:+NUMAOptsFake (decide as usual, always act single-node), alternating, every child JVM
 * restricted to the same single node (taskset -c CPU) so the only difference is the mechanism itself. Prints
 * per-workload means and minima, the geometric mean of the overhead, and the Awareness Thread's own CPU time as a
 * share of the run (the direct cost, immune to the noise of a shared machine); {@code --csv FILE} also writes it.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar com.numa.bench.opt.OptOverhead [--runs 5] [--scale 1.0]
 * [--cpu 0] [--workloads a,b] [--csv file] [-XX:NUMAOpts... extra flags for the optimizer runs]}
 */
public final class OptOverhead {
    private OptOverhead() {
    }

    /** Times in ms; threadCpuPct = the Awareness Thread's own CPU time as a share of the run's wall time. */
    record Row(String workload, double[] baseMs, double[] optMs, double[] threadCpuPct, String state) {
        double overheadPct() {
            return 100.0 * (mean(optMs) / mean(baseMs) - 1);
        }
    }

    public static void main(String[] args) throws Exception {
        int runs = 5;
        double scale = 1.0;
        int cpu = 0;
        String csv = null;
        List<String> workloads = Workloads.names();
        List<String> optFlags = new ArrayList<>(List.of("-XX:+NUMAOpts", "-XX:+NUMAOptsFake"));
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--scale" -> scale = Double.parseDouble(args[++i]);
                case "--cpu" -> cpu = Integer.parseInt(args[++i]);
                case "--csv" -> csv = args[++i];
                case "--workloads" -> workloads = Arrays.asList(args[++i].split(","));
                default -> {
                    if (!args[i].startsWith("-XX:")) {
                        throw new IllegalArgumentException("unknown option '" + args[i]
                                + "' (expected --runs N, --scale X, --cpu N, --workloads a,b, --csv FILE or -XX: flags)");
                    }
                    optFlags.add(args[i]);
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (String w : workloads) {
            double[] base = new double[runs];
            double[] opt = new double[runs];
            double[] threadCpu = new double[runs];
            String state = "";
            for (int r = 0; r < runs; r++) {
                base[r] = Long.parseLong(childRaw(cpu, w, scale, List.of())[1]) / 1e6;
                String[] o = childRaw(cpu, w, scale, optFlags);
                opt[r] = Long.parseLong(o[1]) / 1e6;
                state = o[3];
                threadCpu[r] = 100.0 * Long.parseLong(o[4]) / Long.parseLong(o[1]);
                System.err.printf(Locale.ROOT, "  %s run %d: base %.1f ms, opt %.1f ms%n", w, r + 1, base[r], opt[r]);
            }
            rows.add(new Row(w, base, opt, threadCpu, state));
        }
        StringBuilder table = new StringBuilder("workload,runs,base_mean_ms,base_sd_ms,opt_mean_ms,opt_sd_ms,overhead_pct,base_min_ms,opt_min_ms,min_overhead_pct,thread_cpu_pct,opt_final_state\n");
        double logSum = 0;
        double logMinSum = 0;
        double cpuSum = 0;
        for (Row r : rows) {
            double bmin = Arrays.stream(r.baseMs()).min().orElse(Double.NaN);
            double omin = Arrays.stream(r.optMs()).min().orElse(Double.NaN);
            table.append(String.format(Locale.ROOT, "%s,%d,%.1f,%.1f,%.1f,%.1f,%.2f,%.1f,%.1f,%.2f,%.3f,%s%n", r.workload(),
                    runs, mean(r.baseMs()), sd(r.baseMs()), mean(r.optMs()), sd(r.optMs()), r.overheadPct(), bmin, omin,
                    100.0 * (omin / bmin - 1), mean(r.threadCpuPct()), r.state()));
            logSum += Math.log(mean(r.optMs()) / mean(r.baseMs()));
            logMinSum += Math.log(omin / bmin);
            cpuSum += mean(r.threadCpuPct());
        }
        double geo = 100.0 * (Math.exp(logSum / rows.size()) - 1);
        String summary = String.format(Locale.ROOT,
                "# geomean_overhead_pct,%.2f,geomean_min_overhead_pct,%.2f,mean_thread_cpu_pct,%.3f,flags,%s,cpu,%d,java,%s%n",
                geo, 100.0 * (Math.exp(logMinSum / rows.size()) - 1), cpuSum / rows.size(), String.join(" ", optFlags), cpu,
                System.getProperty("java.version"));
        System.out.print(table);
        System.out.print(summary);
        if (csv != null) {
            AtomicFiles.writeString(Path.of(csv), table + summary);
        }
    }

    /** Runs one child JVM under taskset and returns its RESULT line split on spaces. */
    private static String[] childRaw(int cpu, String w, double scale, List<String> flags) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("taskset", "-c", Integer.toString(cpu),
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), OptOverheadChild.class.getName(), w,
                Double.toString(scale)));
        cmd.addAll(flags);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String result = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("RESULT ")) {
                    result = line;
                }
            }
        }
        int exit = p.waitFor();
        if (exit != 0 || result == null) {
            throw new IllegalStateException("child run failed (exit " + exit + "): " + String.join(" ", cmd));
        }
        return result.split(" ");
    }

    static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    static double sd(double[] v) {
        double m = mean(v);
        return Math.sqrt(Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / Math.max(1, v.length - 1));
    }
}
