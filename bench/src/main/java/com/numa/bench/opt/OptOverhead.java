package com.numa.bench.opt;

import static com.numa.bench.BenchCommandLine.require;

import com.numa.bench.BenchCommandLine;
import com.numa.bench.workloads.Workloads;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.flags.FlagException;
import com.numa.core.io.CsvTables;
import com.numa.core.stats.Stats;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The mechanism's overhead as in the paper (§5.2): each built-in workload runs N times without the optimizer and N
 * times with -XX:+NUMAOpts -XX:+NUMAOptsFake (decide as usual, always act single-node), alternating, every child JVM
 * restricted to the same single node (taskset -c CPU) so the only difference is the mechanism itself. Prints
 * per-workload means and minima, the geometric mean of the overhead, and the Awareness Thread's own CPU time as a
 * share of the run (the direct cost, immune to the noise of a shared machine); {@code --csv FILE} also writes it.
 *
 * <p>The other question, do no harm (does a user lose anything with the optimizer acting for real?), is
 * {@link OptDoNoHarm}'s.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar com.numa.bench.opt.OptOverhead [--runs 5] [--scale 1.0]
 * [--cpu 0] [--workloads a,b] [--csv file] [-XX:NUMAOpts... extra flags for the optimizer runs]}
 */
@Command(name = "OptOverhead", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Overhead of the NUMA optimizer (-XX:+NUMAOpts -XX:+NUMAOptsFake) on the built-in workloads, "
                + "runs alternating with and without it, every child JVM under taskset -c CPU.")
public final class OptOverhead implements Callable<Integer> {
    static final String DEFAULT_WORKLOADS = "balanced-workers,imbalanced-workers,single-threaded-loop";

    @Spec
    private CommandSpec spec;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "5",
            description = "Runs of each workload with and without the optimizer (default: ${DEFAULT-VALUE}).")
    private int runs;

    @Option(names = "--scale", paramLabel = "X", defaultValue = "1.0",
            description = "Work per run; 1.0 is 2 to 4 s on one core of the development VM "
                    + "(default: ${DEFAULT-VALUE}).")
    private double scale;

    @Option(names = "--cpu", paramLabel = "N", defaultValue = "0",
            description = "The CPU every child JVM is restricted to (default: ${DEFAULT-VALUE}).")
    private int cpu;

    @Option(names = "--workloads", paramLabel = "NAME", split = ",", defaultValue = DEFAULT_WORKLOADS,
            converter = BenchCommandLine.WorkloadName.class,
            description = "Workloads, comma-separated (default: ${DEFAULT-VALUE}); listed below.")
    private List<Workloads.Entry> workloads;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the table to FILE.")
    private Path csv;

    @Parameters(paramLabel = "-XX:flag", description = "More NUMAOpts flags for the optimizer runs.")
    private List<String> extraFlags = new ArrayList<>();

    /** Times in ms; threadCpuPct = the Awareness Thread's own CPU time as a share of the run's wall time. */
    record Row(String workload, double[] baseMs, double[] optMs, double[] threadCpuPct, String state) {
        double overheadPct() {
            return 100.0 * (Stats.mean(optMs) / Stats.mean(baseMs) - 1);
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    /** Runs the tool; returns its exit code (usage errors: one line on {@code err}, exit 2). */
    public static int run(String[] args, PrintStream err) {
        // the -XX: flags are positional, not picocli options
        return BenchCommandLine.listingWorkloads(BenchCommandLine.of(new OptOverhead(), err))
                .setUnmatchedOptionsArePositionalParams(true).execute(args);
    }

    @Override
    public Integer call() throws IOException {
        require(spec, runs >= 1, "--runs must be at least 1, not " + runs);
        require(spec, scale > 0, "--scale must be above 0, not " + scale);
        List<String> optFlags = optimizerFlags(spec, List.of("-XX:+NUMAOpts", "-XX:+NUMAOptsFake"), extraFlags);
        List<Row> rows = new ArrayList<>();
        for (Workloads.Entry w : workloads) {
            double[] base = new double[runs];
            double[] opt = new double[runs];
            double[] threadCpu = new double[runs];
            String state = "";
            for (int r = 0; r < runs; r++) {
                base[r] = runChild(w, List.of()).elapsedNs() / 1e6;
                OptOverheadChild.Result o = runChild(w, optFlags);
                opt[r] = o.elapsedNs() / 1e6;
                state = o.finalState();
                threadCpu[r] = 100.0 * o.awarenessThreadCpuNs() / o.elapsedNs();
                System.err.printf(Locale.ROOT, "  %s run %d: base %.1f ms, opt %.1f ms%n", w.name(), r + 1, base[r],
                        opt[r]);
            }
            rows.add(new Row(w.name(), base, opt, threadCpu, state));
        }
        String table = CsvTables.table(List.of("workload", "runs", "base_mean_ms", "base_sd_ms", "opt_mean_ms",
                "opt_sd_ms", "overhead_pct", "base_min_ms", "opt_min_ms", "min_overhead_pct", "thread_cpu_pct",
                "opt_final_state"),
                out -> {
                    for (Row r : rows) {
                        double bmin = Stats.min(r.baseMs());
                        double omin = Stats.min(r.optMs());
                        out.printRecord(r.workload(), runs, format("%.1f", Stats.mean(r.baseMs())),
                                format("%.1f", sd(r.baseMs())), format("%.1f", Stats.mean(r.optMs())),
                                format("%.1f", sd(r.optMs())), format("%.2f", r.overheadPct()), format("%.1f", bmin),
                                format("%.1f", omin), format("%.2f", 100.0 * (omin / bmin - 1)),
                                format("%.3f", Stats.mean(r.threadCpuPct())), r.state());
                    }
                });
        double[] meanRatios = rows.stream().mapToDouble(r -> Stats.mean(r.optMs()) / Stats.mean(r.baseMs())).toArray();
        double[] minRatios = rows.stream().mapToDouble(r -> Stats.min(r.optMs()) / Stats.min(r.baseMs())).toArray();
        double[] threadCpu = rows.stream().mapToDouble(r -> Stats.mean(r.threadCpuPct())).toArray();
        // a comment line below the table: the run's summary and settings
        String summary = "# " + CsvTables.rows(out -> out.printRecord("geomean_overhead_pct",
                format("%.2f", 100.0 * (Stats.geomean(meanRatios) - 1)), "geomean_min_overhead_pct",
                format("%.2f", 100.0 * (Stats.geomean(minRatios) - 1)), "mean_thread_cpu_pct",
                format("%.3f", Stats.mean(threadCpu)), "flags", String.join(" ", optFlags), "cpu", cpu, "java",
                System.getProperty("java.version")));
        BenchCommandLine.publish(table, summary, csv);
        return 0;
    }

    /** One run of {@code w} in a fresh JVM under taskset, with the optimizer when {@code flags} are given. */
    private OptOverheadChild.Result runChild(Workloads.Entry w, List<String> flags) throws IOException {
        List<String> args = new ArrayList<>(List.of(w.name(), Double.toString(scale)));
        args.addAll(flags);
        ChildJvm jvm = ChildJvm.current().via(List.of("taskset", "-c", Integer.toString(cpu)));
        ChildRun run = jvm.classPath(System.getProperty("java.class.path"))
                .main(OptOverheadChild.class.getName(), args).run();
        System.err.print(run.stderr()); // the optimizer's own messages, as when the child wrote to this terminal
        if (!run.succeeded()) {
            throw new IllegalStateException("child run failed\n" + run.diagnostics());
        }
        return run.report(OptOverheadChild.Result.class);
    }

    /** The sample standard deviation (Stats has the coefficient of variation, which is sd / mean). */
    private static double sd(double[] v) {
        return Stats.coefficientOfVariation(v) * Stats.mean(v);
    }

    private static String format(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }

    /**
     * {@code base} followed by the user's extra {@code -XX:} flags, which are parsed here as the agent will parse them,
     * so that a bad flag stops the driver with one line instead of every child.
     */
    static List<String> optimizerFlags(CommandSpec spec, List<String> base, List<String> extraFlags) {
        List<String> flags = new ArrayList<>(base);
        for (String f : extraFlags) {
            require(spec, f.startsWith("-XX:"), "unknown option '" + f + "' (other arguments must be -XX: flags)");
            flags.add(f);
        }
        try {
            OptOverheadChild.optimizerFlags().parse(extraFlags);
        } catch (FlagException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        return flags;
    }
}
