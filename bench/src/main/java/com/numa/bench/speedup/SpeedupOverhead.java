package com.numa.bench.speedup;

import static com.numa.bench.BenchCommandLine.require;

import com.numa.bench.BenchCommandLine;
import com.numa.characterize.Suites;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.Suite;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.io.CsvTables;
import com.numa.core.stats.Stats;
import com.numa.speedup.SpeedupMeasurement;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
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
 * What {@code numa speedup-stack}'s measurement costs the application (the target: at most 3%
 * on the built-in workloads): each benchmark runs in fresh JVMs without it ({@code plain}) and with exactly the options a measured run
 * gets ({@code measured}: {@link SpeedupMeasurement}, JFR plus the thread clock), in interleaved groups whose order
 * rotates, and the cost is measured / plain per group, median over the groups:
 * <ul>
 * <li>{@code window_cpu}: process CPU time of the measured iterations (the child adds it up at the iteration marks,
 * {@link SpeedupOverheadChild}): what the measurement costs while the application runs, the figure the target is
 * about. CPU time, not wall time, because other tenants of a shared machine stretch wall time and not CPU time.</li>
 * <li>{@code cpu}: the child process's whole CPU time ({@link ChildrenCpuTime}), the measurement's fixed start-up
 * included; {@code fixed_cpu_ms} is that start-up and exit: the CPU it adds outside the measured iterations.</li>
 * <li>{@code wall}, {@code window_wall}: the same in wall time, for reference.</li>
 * </ul>
 * {@code --breakdown} adds JFR alone and the thread clock alone. A first row, {@code (empty main)}, is the fixed cost
 * by itself. Run it under {@code nice -n 10} on a shared machine; the load averages before and after are printed.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar com.numa.bench.speedup.SpeedupOverhead [--suite builtin|apps]
 * [--benchmarks a,b] [--pairs 5] [--threads 2] [--size default] [--warmup 1] [--iterations 3] [--breakdown]
 * [--csv file]}
 */
@Command(name = "SpeedupOverhead", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Cost of numa speedup-stack's measurement (JFR + thread clock) on the built-in workloads or the "
                + "apps: interleaved runs with and without it, CPU time of the measured iterations, of the whole "
                + "process, and wall time.")
public final class SpeedupOverhead implements Callable<Integer> {
    /** The target, on the measured iterations' CPU time. */
    static final double TARGET_PCT = 3.0;
    static final String EMPTY_MAIN = "(empty main)";

    /** What a run adds to the application's command line. */
    enum Variant {
        PLAIN("plain"), MEASURED("measured"), JFR("jfr-only"), CLOCK("clock-only");

        final String label;

        Variant(String label) {
            this.label = label;
        }
    }

    @Spec
    private CommandSpec spec;

    @Option(names = "--suite", paramLabel = "NAME", defaultValue = "builtin",
            description = "builtin or apps (apps needs -Dnuma.apps.dir or $NUMA_APPS_DIR, or the build's "
                    + "apps/target/apps; default: ${DEFAULT-VALUE}).")
    private String suite;

    @Option(names = "--benchmarks", paramLabel = "NAME", split = ",",
            description = "Benchmarks of the suite, comma-separated (default: all).")
    private List<String> benchmarks = new ArrayList<>();

    @Option(names = "--pairs", paramLabel = "N", defaultValue = "5",
            description = "Groups of runs (one per variant) per benchmark (default: ${DEFAULT-VALUE}).")
    private int pairs;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
            description = "The benchmarks' thread count (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(names = "--size", paramLabel = "SIZE", defaultValue = "default",
            description = "small, default or large (default: ${DEFAULT-VALUE}).")
    private String size;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "1",
            description = "Warm-up iterations, outside the window (default: ${DEFAULT-VALUE}).")
    private int warmup;

    @Option(names = "--iterations", paramLabel = "N", defaultValue = "3",
            description = "Measured iterations (default: ${DEFAULT-VALUE}).")
    private int iterations;

    @Option(names = "--clock-interval", paramLabel = "MS", defaultValue = ""
            + SpeedupMeasurement.DEFAULT_CLOCK_INTERVAL_MS,
            description = "The thread clock's interval, as speedup-stack --clock-interval (default: ${DEFAULT-VALUE}).")
    private int clockIntervalMs;

    @Option(names = "--breakdown", description = "Also run JFR alone and the thread clock alone.")
    private boolean breakdown;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the table to FILE.")
    private Path csv;

    /** Medians over the groups; ratios are per group (measured / plain of the same group), then the median. */
    record Row(String benchmark, Variant variant, int groups, double plainCpuMs, double cpuMs, double cpuPct,
               double plainWindowCpuMs, double windowCpuMs, double windowCpuPct, double fixedCpuMs, double wallPct,
               double windowWallPct) {
    }

    /** One child run: whole-process CPU and wall, and the measured iterations' CPU and wall (0 for the empty main). */
    record Sample(long cpuNs, long wallNs, long windowCpuNs, long windowWallNs) {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    /** Runs the tool; returns its exit code (usage errors: one line on {@code err}, exit 2). */
    public static int run(String[] args, PrintStream err) {
        return BenchCommandLine.of(new SpeedupOverhead(), err).execute(args);
    }

    @Override
    public Integer call() throws IOException {
        require(spec, pairs >= 1, "--pairs must be at least 1, not " + pairs);
        require(spec, threads >= 1, "--threads must be at least 1, not " + threads);
        require(spec, iterations >= 1, "--iterations must be at least 1, not " + iterations);
        require(spec, warmup >= 0, "--warmup must be 0 or more, not " + warmup);
        require(spec, clockIntervalMs >= 1, "--clock-interval must be at least 1 ms, not " + clockIntervalMs);
        require(spec, suite.equals("builtin") || suite.equals("apps"), "--suite must be builtin or apps, not " + suite);
        List<Benchmark> selected;
        try {
            Suite s = Suites.of(suite);
            selected = s.benchmarks(new RunOptions(threads, warmup, iterations, size, false, benchmarks));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Path ownJar = Path.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator)[0])
                .toAbsolutePath();
        Path work = Files.createTempDirectory("speedup-overhead");
        SpeedupMeasurement measurement = SpeedupMeasurement.in(work, clockIntervalMs);
        List<Variant> variants = breakdown ? List.of(Variant.values()) : List.of(Variant.PLAIN, Variant.MEASURED);
        String loadBefore = loadAverage();
        List<Row> rows = new ArrayList<>();
        rows.addAll(measure(EMPTY_MAIN, List.of("-cp", ownJar.toString(), SpeedupOverheadChild.NONE), variants,
                measurement, work));
        for (Benchmark b : selected) {
            rows.addAll(measure(b.name(), b.javaArguments(new RunOptions(threads, warmup, iterations, size, false,
                    benchmarks), ownJar), variants, measurement, work));
        }
        String loadAfter = loadAverage();
        String table = CsvTables.table(List.of("benchmark", "variant", "groups", "plain_cpu_ms", "cpu_ms", "cpu_pct",
                "plain_window_cpu_ms", "window_cpu_ms", "window_cpu_pct", "fixed_cpu_ms", "wall_pct",
                "window_wall_pct"), out -> {
                    for (Row r : rows) {
                        out.printRecord(r.benchmark(), r.variant().label, r.groups(), f("%.0f", r.plainCpuMs()),
                                f("%.0f", r.cpuMs()), f("%.1f", r.cpuPct()), f("%.0f", r.plainWindowCpuMs()),
                                f("%.0f", r.windowCpuMs()), f("%.2f", r.windowCpuPct()), f("%.0f", r.fixedCpuMs()),
                                f("%.1f", r.wallPct()), f("%.2f", r.windowWallPct()));
                    }
                });
        List<Row> measured = rows.stream().filter(r -> r.variant() == Variant.MEASURED
                && !r.benchmark().equals(EMPTY_MAIN)).toList();
        double worst = measured.stream().mapToDouble(Row::windowCpuPct).max().orElse(Double.NaN);
        double geomean = 100 * (Stats.geomean(measured.stream().mapToDouble(r -> 1 + r.windowCpuPct() / 100)
                .toArray()) - 1);
        String summary = "# " + CsvTables.rows(out -> out.printRecord("suite", suite, "threads", threads, "size", size,
                "warmup", warmup, "iterations", iterations, "groups", pairs, "clock_interval_ms", clockIntervalMs,
                "geomean_window_cpu_pct", f("%.2f", geomean), "worst_window_cpu_pct", f("%.2f", worst),
                "target_pct", TARGET_PCT, "target_met", worst <= TARGET_PCT ? "yes" : "no", "load_before",
                loadBefore, "load_after", loadAfter, "cpus", Runtime.getRuntime().availableProcessors(), "java",
                System.getProperty("java.version")));
        BenchCommandLine.publish(table, summary, csv);
        return 0;
    }

    /** Every variant of one benchmark, {@code pairs} groups, the order inside a group rotating by one each time. */
    private List<Row> measure(String name, List<String> javaArguments, List<Variant> variants,
                              SpeedupMeasurement measurement, Path work) throws IOException {
        Map<Variant, List<Sample>> samples = new EnumMap<>(Variant.class);
        for (int g = 0; g < pairs; g++) {
            for (int k = 0; k < variants.size(); k++) {
                Variant v = variants.get((g + k) % variants.size());
                Sample s = runOnce(javaArguments, v, measurement, work);
                samples.computeIfAbsent(v, x -> new ArrayList<>()).add(s);
                System.err.printf(Locale.ROOT, "  %s %s %d/%d: cpu %.0f ms, window cpu %.0f ms, wall %.0f ms%n",
                        name, v.label, g + 1, pairs, s.cpuNs() / 1e6, s.windowCpuNs() / 1e6, s.wallNs() / 1e6);
            }
        }
        List<Row> rows = new ArrayList<>();
        List<Sample> plain = samples.get(Variant.PLAIN);
        for (Variant v : variants) {
            if (v != Variant.PLAIN) {
                rows.add(row(name, v, plain, samples.get(v)));
            }
        }
        return rows;
    }

    static Row row(String name, Variant v, List<Sample> plain, List<Sample> with) {
        int n = Math.min(plain.size(), with.size());
        double[] cpu = new double[n];
        double[] windowCpu = new double[n];
        double[] fixed = new double[n];
        double[] wall = new double[n];
        double[] windowWall = new double[n];
        for (int i = 0; i < n; i++) {
            Sample p = plain.get(i);
            Sample m = with.get(i);
            cpu[i] = m.cpuNs() / (double) p.cpuNs();
            windowCpu[i] = p.windowCpuNs() > 0 ? m.windowCpuNs() / (double) p.windowCpuNs() : Double.NaN;
            fixed[i] = ((m.cpuNs() - m.windowCpuNs()) - (p.cpuNs() - p.windowCpuNs())) / 1e6;
            wall[i] = m.wallNs() / (double) p.wallNs();
            windowWall[i] = p.windowWallNs() > 0 ? m.windowWallNs() / (double) p.windowWallNs() : Double.NaN;
        }
        return new Row(name, v, n, Stats.median(plain.stream().mapToLong(Sample::cpuNs).toArray()) / 1e6,
                Stats.median(with.stream().mapToLong(Sample::cpuNs).toArray()) / 1e6, pct(cpu),
                Stats.median(plain.stream().mapToLong(Sample::windowCpuNs).toArray()) / 1e6,
                Stats.median(with.stream().mapToLong(Sample::windowCpuNs).toArray()) / 1e6, pct(windowCpu),
                Stats.median(fixed), pct(wall), pct(windowWall));
    }

    private static double pct(double[] ratios) {
        return 100 * (Stats.median(ratios) - 1);
    }

    private Sample runOnce(List<String> javaArguments, Variant v, SpeedupMeasurement measurement, Path work)
            throws IOException {
        Path recording = work.resolve("run.jfr");
        Path clock = work.resolve("run-clock.csv");
        Files.deleteIfExists(recording);
        Files.deleteIfExists(clock);
        ChildJvm child = ChildJvm.current();
        switch (v) {
            case MEASURED -> child.options(measurement.jvmOptions(recording, clock));
            case JFR -> child.options(measurement.jfrOptions(recording));
            case CLOCK -> child.options(measurement.clockOptions(clock));
            case PLAIN -> {
            }
        }
        // -cp <class path> <main class> args...: the child wrapper goes in front of the main class
        List<String> args = new ArrayList<>(javaArguments);
        if (args.size() < 3 || !args.get(0).equals("-cp")) {
            throw new IllegalStateException("expected -cp <path> <main class> ..., got " + javaArguments);
        }
        if (!args.get(2).equals(SpeedupOverheadChild.NONE)) {
            args.add(2, SpeedupOverheadChild.class.getName());
        } else {
            args.set(2, SpeedupOverheadChild.class.getName());
            args.add(SpeedupOverheadChild.NONE);
        }
        long before = ChildrenCpuTime.now();
        ChildRun run = child.launch(args).run();
        long cpu = ChildrenCpuTime.now() - before;
        if (!run.succeeded()) {
            throw new IllegalStateException("a " + v.label + " run failed\n" + run.diagnostics());
        }
        boolean wantsJfr = v == Variant.MEASURED || v == Variant.JFR;
        boolean wantsClock = v == Variant.MEASURED || v == Variant.CLOCK;
        if (wantsJfr && !Files.isRegularFile(recording) || wantsClock && !Files.isRegularFile(clock)) {
            throw new IllegalStateException("the " + v.label + " run left no " + (wantsJfr ? recording : clock)
                    + ": the measurement did not run\n" + run.diagnostics());
        }
        SpeedupOverheadChild.Result r = run.report(SpeedupOverheadChild.Result.class);
        return new Sample(cpu, run.wallNs(), r.windowCpuNs(), r.windowWallNs());
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String f(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }
}
