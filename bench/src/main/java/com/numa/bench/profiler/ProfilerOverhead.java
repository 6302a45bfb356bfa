package com.numa.bench.profiler;

import static com.numa.bench.BenchCommandLine.require;

import com.numa.bench.BenchCommandLine;
import com.numa.bench.workloads.Workloads;
import com.numa.core.child.AgentJar;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.flags.FlagException;
import com.numa.core.io.CsvTables;
import com.numa.core.stats.Stats;
import com.numa.profiler.ProfilerFlags;
import com.numa.vm.NumaFlags;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

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
 * The agent is the numa agent with only the profiler on (a manifest-only jar, classes from this class path), so the
 * figures are the profiler's alone. A profiled run that leaves no summary.json stops the measurement: the agent turns
 * itself off on a bad flag and lets the program run, and such a run measures no profiler.
 */
@Command(name = "ProfilerOverhead", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Slowdown and peak RSS of the NUMA profiler on the built-in workloads, in fresh JVMs per run.")
public final class ProfilerOverhead implements Callable<Integer> {
    static final String DEFAULT_WORKLOADS = "object-graph,array-exchange,hashmap,matrix";

    /** What is compared between modes: steady wall time, steady CPU time, all iterations' wall time, peak RSS. */
    private static final int METRICS = 4;

    @Spec
    private CommandSpec spec;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3",
            description = "Rounds of one fresh JVM per mode (default: ${DEFAULT-VALUE}).")
    private int runs;

    @Option(names = "--scale", paramLabel = "X", defaultValue = "1",
            description = "Work per iteration; 1 is 0.3 to 0.8 s without profiling on a 2-core VM "
                    + "(default: ${DEFAULT-VALUE}).")
    private double scale;

    @Option(names = "--workloads", paramLabel = "NAME", split = ",", defaultValue = DEFAULT_WORKLOADS,
            converter = BenchCommandLine.WorkloadName.class,
            description = "Workloads, comma-separated (default: ${DEFAULT-VALUE}); listed below.")
    private List<Workloads.Entry> workloads;

    @Option(names = "--modes", paramLabel = "LIST", defaultValue = OverheadMode.DEFAULT,
            description = "Modes, comma-separated: " + OverheadMode.HELP + "; none, the baseline, always runs first "
                    + "(default: ${DEFAULT-VALUE}).")
    private String modes;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write both tables to FILE.")
    private Path csv;

    @Option(names = "--accesses", paramLabel = "KIND", defaultValue = "reference",
            description = "Accesses the profiler intercepts: reference or all (default: ${DEFAULT-VALUE}).")
    private ProfilerFlags.Accesses accesses;

    @Option(names = "--profiler-flags", paramLabel = "FLAGS", defaultValue = "",
            description = "More -XX: flags for the profiled runs, space-separated; a sampling rate here overrides "
                    + "the modes'.")
    private String profilerFlags;

    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    /** Runs the tool; returns its exit code (usage errors: one line on {@code err}, exit 2). */
    public static int run(String[] args, PrintStream err) {
        return BenchCommandLine.listingWorkloads(BenchCommandLine.of(new ProfilerOverhead(), err)).execute(args);
    }

    @Override
    public Integer call() throws IOException {
        require(spec, runs >= 1, "--runs must be at least 1, not " + runs);
        require(spec, scale > 0, "--scale must be above 0, not " + scale);
        List<OverheadMode> modeList;
        try {
            modeList = OverheadMode.parse(modes);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--modes: " + e.getMessage());
        }
        List<String> extraFlags = profilerFlags.isBlank() ? List.of()
                : Arrays.asList(profilerFlags.trim().split("\\s+"));
        try {
            NumaFlags.set().parse(extraFlags); // as the agent will, so that a bad flag stops here, not in every child
        } catch (FlagException e) {
            throw new ParameterException(spec.commandLine(), "--profiler-flags: " + e.getMessage());
        }
        String accessKind = accesses.name().toLowerCase(Locale.ROOT);
        Path work = Files.createTempDirectory("numa-profiler-overhead");
        Path agent = AgentJar.manifestOnly(work);
        Map<String, List<List<ProfilerWorkloadChild.Result>>> results = new LinkedHashMap<>();
        for (Workloads.Entry w : workloads) {
            // Rounds of one run per mode, so that a slow spell of a shared machine hits every mode alike.
            List<List<ProfilerWorkloadChild.Result>> byMode = new ArrayList<>();
            for (int m = 0; m < modeList.size(); m++) {
                byMode.add(new ArrayList<>());
            }
            for (int r = 0; r < runs; r++) {
                System.err.printf(Locale.ROOT, "%s: round %d of %d%n", w.name(), r + 1, runs);
                for (int m = 0; m < modeList.size(); m++) {
                    OverheadMode mode = modeList.get(m);
                    List<String> flags = mode.baseline() ? null
                            : agentFlags(mode, extraFlags, accessKind, work.resolve(w.name() + "-" + mode.name()));
                    byMode.get(m).add(runChild(w, agent, flags, work.resolve(w.name() + "-" + mode.name())));
                }
            }
            results.put(w.name(), byMode);
        }
        List<List<String>> rows = new ArrayList<>();
        for (String stat : new String[] {"median", "best"}) {
            table(stat, modeList, results, accessKind, rows);
        }
        if (csv != null) {
            CsvTables.write(csv, List.of("stat", "workload", "mode", "accesses", "runs", "steady_ms", "slowdown",
                    "steady_cpu_ms", "cpu_slowdown", "total_ms", "total_slowdown", "peak_rss_kb", "rss_ratio"),
                    out -> out.printRecords(rows));
        }
        return 0;
    }

    /** The profiler on, in {@code mode}; the extra flags after the mode's, so that theirs win (later flags win). */
    private static List<String> agentFlags(OverheadMode mode, List<String> extraFlags, String accesses, Path output) {
        List<String> flags = new ArrayList<>(List.of("-XX:+NUMAProfiler"));
        flags.addAll(mode.flags());
        flags.addAll(extraFlags);
        flags.addAll(List.of("-XX:NUMAProfilerAccesses=" + accesses, "-XX:+NUMAProfilerQuiet",
                "-XX:NUMAProfilerOutput=" + output));
        return flags;
    }

    /** One run of {@code w} in a fresh JVM, under the agent with {@code agentFlags} unless they are null. */
    private ProfilerWorkloadChild.Result runChild(Workloads.Entry w, Path agent, List<String> agentFlags, Path output)
            throws IOException {
        ChildJvm child = ChildJvm.current().options("-Xms1g", "-Xmx1g").classPath(System.getProperty("java.class.path"))
                .main(ProfilerWorkloadChild.class.getName(), List.of(w.name(), String.valueOf(scale)));
        if (agentFlags != null) {
            // the check below must see this run's summary, not a previous round's
            Files.deleteIfExists(output.resolve("summary.json"));
            child.agent(agent, agentFlags);
        }
        ChildRun run = child.run();
        if (!run.succeeded()) {
            throw new IllegalStateException("run failed\n" + run.diagnostics());
        }
        ProfilerWorkloadChild.Result result = run.report(ProfilerWorkloadChild.Result.class);
        if (agentFlags != null && !Files.isRegularFile(output.resolve("summary.json"))) {
            throw new IllegalStateException("the profiler did not run (no " + output.resolve("summary.json") + ")\n"
                    + run.diagnostics());
        }
        return result;
    }

    private static double metric(ProfilerWorkloadChild.Result r, int i) {
        switch (i) {
            case 0: return r.elapsedNs();
            case 1: return r.cpuNs();
            case 2: return r.totalNs();
            default: return r.peakRssKb();
        }
    }

    /**
     * Prints the ratios to the run without agent, per workload and as geometric means, taking of each mode's runs the
     * median or the best (the fastest: what the machine does when no neighbour interferes); adds the same to
     * {@code rows}.
     */
    private void table(String stat, List<OverheadMode> modes,
            Map<String, List<List<ProfilerWorkloadChild.Result>>> results, String accesses, List<List<String>> rows) {
        System.out.printf(Locale.ROOT, "%n%s of %d runs%n%-16s %-10s %10s %8s %10s %8s %10s %8s %12s %8s%n", stat, runs,
                "workload", "mode", "steady_ms", "ratio", "cpu_ms", "ratio", "total_ms", "ratio", "peak_rss_kb", "ratio");
        double[][][] ratios = new double[modes.size()][METRICS][results.size()];
        int wi = 0;
        for (Map.Entry<String, List<List<ProfilerWorkloadChild.Result>>> e : results.entrySet()) {
            double[] base = new double[METRICS];
            for (int m = 0; m < modes.size(); m++) {
                List<ProfilerWorkloadChild.Result> rs = e.getValue().get(m);
                double[] value = new double[METRICS];
                double[] ratio = new double[METRICS];
                for (int k = 0; k < METRICS; k++) {
                    int metric = k;
                    double[] v = rs.stream().mapToDouble(r -> metric(r, metric)).toArray();
                    value[k] = stat.equals("best") ? Stats.min(v) : Stats.median(v);
                    if (m == 0) {
                        base[k] = value[k];
                    }
                    ratio[k] = value[k] / base[k];
                    ratios[m][k][wi] = ratio[k];
                }
                System.out.printf(Locale.ROOT, "%-16s %-10s %10.1f %8.2f %10.1f %8.2f %10.1f %8.2f %12.0f %8.2f%n",
                        e.getKey(), modes.get(m).name(), value[0] / 1e6, ratio[0], value[1] / 1e6, ratio[1], value[2] / 1e6,
                        ratio[2], value[3], ratio[3]);
                rows.add(List.of(stat, e.getKey(), modes.get(m).name(), accesses, Integer.toString(runs),
                        format("%.1f", value[0] / 1e6), format("%.3f", ratio[0]), format("%.1f", value[1] / 1e6),
                        format("%.3f", ratio[1]), format("%.1f", value[2] / 1e6), format("%.3f", ratio[2]),
                        format("%.0f", value[3]), format("%.3f", ratio[3])));
            }
            wi++;
        }
        for (int m = 1; m < modes.size(); m++) {
            double[] g = new double[METRICS];
            for (int k = 0; k < METRICS; k++) {
                g[k] = Stats.geomean(ratios[m][k]);
            }
            System.out.printf(Locale.ROOT, "geomean %-10s steady slowdown %.2f, steady CPU %.2f, total slowdown %.2f, "
                    + "peak RSS ratio %.2f%n", modes.get(m).name(), g[0], g[1], g[2], g[3]);
            rows.add(List.of(stat, "geomean", modes.get(m).name(), accesses, Integer.toString(runs), "",
                    format("%.3f", g[0]), "", format("%.3f", g[1]), "", format("%.3f", g[2]), "", format("%.3f", g[3])));
        }
    }

    private static String format(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }
}
