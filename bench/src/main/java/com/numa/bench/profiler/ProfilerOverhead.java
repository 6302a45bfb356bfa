package com.numa.bench.profiler;

import com.numa.perfutil.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Slowdown and peak RSS of the profiler on the built-in workloads: each workload runs in fresh JVMs without the agent,
 * under the profiler in full mode and in sampled mode (1 in 64), {@code --runs} times each; the median is reported.
 * <pre>
 * java -cp bench/target/benchmarks.jar com.numa.bench.profiler.ProfilerOverhead [--runs 3] [--scale 1]
 *      [--workloads object-graph,hashmap] [--csv out.csv] [--accesses reference|all]
 * </pre>
 * The agent is the stand-alone ProfilerAgentMain (a manifest-only jar written to a temp dir, classes from this
 * class path), so the figures are the profiler's alone.
 */
public final class ProfilerOverhead {
    private ProfilerOverhead() {
    }

    record Run(long elapsedNs, long totalNs, long peakRssKb) {
    }

    public static void main(String[] args) throws Exception {
        int runs = 3;
        double scale = 1;
        List<String> workloads = Arrays.asList(ProfilerWorkloads.NAMES);
        Path csv = null;
        String accesses = "reference";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs": runs = Integer.parseInt(args[++i]); break;
                case "--scale": scale = Double.parseDouble(args[++i]); break;
                case "--workloads": workloads = Arrays.asList(args[++i].split(",")); break;
                case "--csv": csv = Path.of(args[++i]); break;
                case "--accesses": accesses = args[++i]; break;
                default: throw new IllegalArgumentException("unknown option " + args[i]
                        + "; use --runs N --scale X --workloads a,b --csv file --accesses reference|all");
            }
        }
        Path work = Files.createTempDirectory("numa-profiler-overhead");
        Path agent = agentJar(work);
        String[][] modes = {{"none", null}, {"full", "-XX:NUMAProfilerSampling=1"}, {"sampled64", "-XX:NUMAProfilerSampling=64"}};
        StringBuilder out = new StringBuilder("workload,mode,accesses,runs,median_steady_ms,slowdown,median_total_ms,"
                + "total_slowdown,median_peak_rss_kb,rss_ratio\n");
        double[] logSlow = new double[modes.length];
        double[] logTotal = new double[modes.length];
        double[] logRss = new double[modes.length];
        System.out.printf(Locale.ROOT, "%-16s %-10s %10s %9s %10s %9s %12s %9s%n", "workload", "mode", "steady_ms", "slowdown",
                "total_ms", "slowdown", "peak_rss_kb", "rss_ratio");
        for (String w : workloads) {
            double baseMs = 0;
            double baseTotal = 0;
            double baseRss = 0;
            for (int m = 0; m < modes.length; m++) {
                List<Run> rs = new ArrayList<>();
                for (int r = 0; r < runs; r++) {
                    rs.add(runChild(w, scale, agent, modes[m][1], accesses, work.resolve(w + "-" + modes[m][0])));
                }
                double ms = median(rs.stream().mapToLong(Run::elapsedNs).toArray()) / 1e6;
                double totalMs = median(rs.stream().mapToLong(Run::totalNs).toArray()) / 1e6;
                double rss = median(rs.stream().mapToLong(Run::peakRssKb).toArray());
                if (m == 0) {
                    baseMs = ms;
                    baseTotal = totalMs;
                    baseRss = rss;
                }
                double slow = ms / baseMs;
                double totalSlow = totalMs / baseTotal;
                double rssRatio = rss / baseRss;
                logSlow[m] += Math.log(slow);
                logTotal[m] += Math.log(totalSlow);
                logRss[m] += Math.log(rssRatio);
                System.out.printf(Locale.ROOT, "%-16s %-10s %10.1f %9.2f %10.1f %9.2f %12.0f %9.2f%n", w, modes[m][0], ms, slow,
                        totalMs, totalSlow, rss, rssRatio);
                out.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%.1f,%.3f,%.1f,%.3f,%.0f,%.3f%n", w, modes[m][0], accesses,
                        runs, ms, slow, totalMs, totalSlow, rss, rssRatio));
            }
        }
        for (int m = 1; m < modes.length; m++) {
            double gs = Math.exp(logSlow[m] / workloads.size());
            double gt = Math.exp(logTotal[m] / workloads.size());
            double gr = Math.exp(logRss[m] / workloads.size());
            System.out.printf(Locale.ROOT, "geomean %-10s steady slowdown %.2f, total slowdown %.2f, peak RSS ratio %.2f%n",
                    modes[m][0], gs, gt, gr);
            out.append(String.format(Locale.ROOT, "geomean,%s,%s,%d,,%.3f,,%.3f,,%.3f%n", modes[m][0], accesses, runs, gs, gt, gr));
        }
        if (csv != null) {
            AtomicFiles.writeString(csv, out.toString());
        }
    }

    static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
    }

    static Path agentJar(Path dir) throws IOException {
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().putValue("Premain-Class", "com.numa.profiler.ProfilerAgentMain");
        mf.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        Path jar = dir.resolve("profiler-agent.jar");
        try (JarOutputStream o = new JarOutputStream(Files.newOutputStream(jar), mf)) {
            o.flush();
        }
        return jar;
    }

    static Run runChild(String workload, double scale, Path agent, String modeFlag, String accesses, Path output)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms1g", "-Xmx1g"));
        if (Runtime.version().feature() >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        if (modeFlag != null) {
            cmd.add("-javaagent:" + agent + "=" + modeFlag + " -XX:NUMAProfilerAccesses=" + accesses
                    + " -XX:+NUMAProfilerQuiet -XX:NUMAProfilerOutput=" + output);
        }
        cmd.add(ProfilerWorkloadChild.class.getName());
        cmd.add(workload);
        cmd.add(String.valueOf(scale));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException("run failed: " + cmd + "\n" + text);
        }
        long elapsed = -1;
        long total = -1;
        long rss = -1;
        for (String tok : text.split("\\s+")) {
            if (tok.startsWith("elapsed_ns=")) {
                elapsed = Long.parseLong(tok.substring(11));
            } else if (tok.startsWith("total_ns=")) {
                total = Long.parseLong(tok.substring(9));
            } else if (tok.startsWith("peak_rss_kb=")) {
                rss = Long.parseLong(tok.substring(12));
            }
        }
        if (elapsed < 0) {
            throw new IllegalStateException("no result line from " + cmd + "\n" + text);
        }
        return new Run(elapsed, total, rss);
    }
}
