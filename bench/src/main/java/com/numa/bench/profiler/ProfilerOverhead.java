package com.numa.bench.profiler;

import com.numa.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Slowdown and peak RSS of the profiler on the built-in workloads: each workload runs in fresh JVMs without the agent
 * and under the profiler in each mode (by default full mode and sampled mode, 1 in 64; see {@link OverheadMode}),
 * {@code --runs} rounds of one run per mode; two tables compare the median runs and the best (fastest) runs of each
 * mode.
 * <pre>
 * java -cp bench/target/benchmarks.jar com.numa.bench.profiler.ProfilerOverhead [--runs 3] [--scale 1]
 *      [--workloads object-graph,hashmap] [--modes none,floor,sampled64,full] [--csv out.csv]
 *      [--accesses reference|all] [--profiler-flags "-XX:NUMAProfilerArrayChunk=4096"]
 * </pre>
 * The agent is the stand-alone ProfilerAgentMain (a manifest-only jar written to a temp dir, classes from this
 * class path), so the figures are the profiler's alone.
 */
public final class ProfilerOverhead {
    private ProfilerOverhead() {
    }

    record Run(long elapsedNs, long cpuNs, long totalNs, long peakRssKb) {
    }

    /** What is compared between modes: steady wall time, steady CPU time, all iterations' wall time, peak RSS. */
    private static final String[] METRICS = {"steady", "cpu", "total", "rss"};

    private static long metric(Run r, int i) {
        switch (i) {
            case 0: return r.elapsedNs();
            case 1: return r.cpuNs();
            case 2: return r.totalNs();
            default: return r.peakRssKb();
        }
    }

    public static void main(String[] args) throws Exception {
        try {
            run(args);
        } catch (IllegalArgumentException e) {
            System.err.println("ProfilerOverhead: " + e.getMessage());
            System.exit(2);
        }
    }

    private static final String USAGE = "use --runs N --scale X --workloads a,b --modes " + OverheadMode.DEFAULT
            + " --csv file --accesses reference|all --profiler-flags '-XX:NUMAProfilerX=..'";

    private static String valueOf(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException("option " + option + " needs a value; " + USAGE);
        }
        return value;
    }

    private static void run(String[] args) throws Exception {
        int runs = 3;
        double scale = 1;
        List<String> workloads = Arrays.asList(ProfilerWorkloads.NAMES);
        Path csv = null;
        String accesses = "reference";
        String profilerFlags = "";
        List<OverheadMode> modes = OverheadMode.parse(OverheadMode.DEFAULT);
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            String value = i + 1 < args.length ? args[++i] : null;
            try {
                switch (option) {
                    case "--runs": runs = Integer.parseInt(valueOf(option, value)); break;
                    case "--scale": scale = Double.parseDouble(valueOf(option, value)); break;
                    case "--workloads": workloads = Arrays.asList(valueOf(option, value).split(",")); break;
                    case "--modes": modes = OverheadMode.parse(valueOf(option, value)); break;
                    case "--csv": csv = Path.of(valueOf(option, value)); break;
                    case "--accesses": accesses = valueOf(option, value); break;
                    case "--profiler-flags": profilerFlags = " " + valueOf(option, value).trim(); break;
                    default: throw new IllegalArgumentException("unknown option " + option + "; " + USAGE);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("option " + option + " takes a number, not '" + value + "'");
            }
        }
        if (!accesses.equals("reference") && !accesses.equals("all")) {
            throw new IllegalArgumentException("--accesses is reference or all, not '" + accesses + "'");
        }
        if (runs < 1) {
            throw new IllegalArgumentException("--runs must be at least 1, not " + runs);
        }
        for (String w : workloads) {
            if (!Arrays.asList(ProfilerWorkloads.NAMES).contains(w)) {
                throw new IllegalArgumentException("unknown workload '" + w + "'; known: "
                        + String.join(", ", ProfilerWorkloads.NAMES));
            }
        }
        Path work = Files.createTempDirectory("numa-profiler-overhead");
        Path agent = agentJar(work);
        Map<String, List<List<Run>>> results = new LinkedHashMap<>();
        for (String w : workloads) {
            // Rounds of one run per mode, so that a slow spell of a shared machine hits every mode alike.
            List<List<Run>> byMode = new ArrayList<>();
            for (int m = 0; m < modes.size(); m++) {
                byMode.add(new ArrayList<>());
            }
            for (int r = 0; r < runs; r++) {
                System.err.printf(Locale.ROOT, "%s: round %d of %d%n", w, r + 1, runs);
                for (int m = 0; m < modes.size(); m++) {
                    OverheadMode mode = modes.get(m);
                    String flags = mode.baseline() ? null : mode.samplingFlag() + profilerFlags;
                    byMode.get(m).add(runChild(w, scale, agent, flags, accesses, work.resolve(w + "-" + mode.name())));
                }
            }
            results.put(w, byMode);
        }
        StringBuilder out = new StringBuilder("stat,workload,mode,accesses,runs,steady_ms,slowdown,steady_cpu_ms,"
                + "cpu_slowdown,total_ms,total_slowdown,peak_rss_kb,rss_ratio\n");
        for (String stat : new String[] {"median", "best"}) {
            table(stat, modes, results, accesses, runs, out);
        }
        if (csv != null) {
            AtomicFiles.writeString(csv, out.toString());
        }
    }

    /**
     * Prints the ratios to the run without agent, per workload and as geometric means, taking of each mode's runs the
     * median or the best (the fastest: what the machine does when no neighbour interferes).
     */
    private static void table(String stat, List<OverheadMode> modes, Map<String, List<List<Run>>> results,
            String accesses, int runs, StringBuilder csv) {
        System.out.printf(Locale.ROOT, "%n%s of %d runs%n%-16s %-10s %10s %8s %10s %8s %10s %8s %12s %8s%n", stat, runs,
                "workload", "mode", "steady_ms", "ratio", "cpu_ms", "ratio", "total_ms", "ratio", "peak_rss_kb", "ratio");
        double[][] logRatio = new double[modes.size()][METRICS.length];
        for (Map.Entry<String, List<List<Run>>> e : results.entrySet()) {
            double[] base = new double[METRICS.length];
            for (int m = 0; m < modes.size(); m++) {
                List<Run> rs = e.getValue().get(m);
                double[] value = new double[METRICS.length];
                double[] ratio = new double[METRICS.length];
                for (int k = 0; k < METRICS.length; k++) {
                    int metric = k;
                    long[] v = rs.stream().mapToLong(r -> metric(r, metric)).toArray();
                    value[k] = stat.equals("best") ? Arrays.stream(v).min().orElse(0) : median(v);
                    if (m == 0) {
                        base[k] = value[k];
                    }
                    ratio[k] = value[k] / base[k];
                    logRatio[m][k] += Math.log(ratio[k]);
                }
                System.out.printf(Locale.ROOT, "%-16s %-10s %10.1f %8.2f %10.1f %8.2f %10.1f %8.2f %12.0f %8.2f%n",
                        e.getKey(), modes.get(m).name(), value[0] / 1e6, ratio[0], value[1] / 1e6, ratio[1], value[2] / 1e6,
                        ratio[2], value[3], ratio[3]);
                csv.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%.1f,%.3f,%.1f,%.3f,%.1f,%.3f,%.0f,%.3f%n", stat,
                        e.getKey(), modes.get(m).name(), accesses, runs, value[0] / 1e6, ratio[0], value[1] / 1e6, ratio[1],
                        value[2] / 1e6, ratio[2], value[3], ratio[3]));
            }
        }
        for (int m = 1; m < modes.size(); m++) {
            double[] g = new double[METRICS.length];
            for (int k = 0; k < METRICS.length; k++) {
                g[k] = Math.exp(logRatio[m][k] / results.size());
            }
            System.out.printf(Locale.ROOT, "geomean %-10s steady slowdown %.2f, steady CPU %.2f, total slowdown %.2f, "
                    + "peak RSS ratio %.2f%n", modes.get(m).name(), g[0], g[1], g[2], g[3]);
            csv.append(String.format(Locale.ROOT, "%s,geomean,%s,%s,%d,,%.3f,,%.3f,,%.3f,,%.3f%n", stat, modes.get(m).name(),
                    accesses, runs, g[0], g[1], g[2], g[3]));
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
        Files.deleteIfExists(output.resolve("summary.json")); // the check below must see this run's, not a previous round's
        cmd.add(ProfilerWorkloadChild.class.getName());
        cmd.add(workload);
        cmd.add(String.valueOf(scale));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException("run failed: " + cmd + "\n" + text);
        }
        long elapsed = -1;
        long cpu = -1;
        long total = -1;
        long rss = -1;
        for (String tok : text.split("\\s+")) {
            if (tok.startsWith("elapsed_ns=")) {
                elapsed = Long.parseLong(tok.substring(11));
            } else if (tok.startsWith("cpu_ns=")) {
                cpu = Long.parseLong(tok.substring(7));
            } else if (tok.startsWith("total_ns=")) {
                total = Long.parseLong(tok.substring(9));
            } else if (tok.startsWith("peak_rss_kb=")) {
                rss = Long.parseLong(tok.substring(12));
            }
        }
        if (elapsed < 0) {
            throw new IllegalStateException("no result line from " + cmd + "\n" + text);
        }
        if (modeFlag != null && !Files.isRegularFile(output.resolve("summary.json"))) {
            // The agent turns itself off on a bad flag and lets the program run: such a run measures no profiler.
            throw new IllegalStateException("the profiler did not run (no " + output.resolve("summary.json") + "): "
                    + cmd + "\n" + text);
        }
        return new Run(elapsed, cpu, total, rss);
    }
}
