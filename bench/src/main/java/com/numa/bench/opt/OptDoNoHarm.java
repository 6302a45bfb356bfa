package com.numa.bench.opt;

import static com.numa.bench.BenchCommandLine.require;

import com.fasterxml.jackson.databind.JsonNode;
import com.numa.bench.BenchCommandLine;
import com.numa.bench.workloads.Workloads;
import com.numa.core.apps.Application;
import com.numa.core.apps.Applications;
import com.numa.core.apps.AppsDirectory;
import com.numa.characterize.apps.AppsSuite;
import com.numa.characterize.builtin.BuiltinSuite;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.RunOptions;
import com.numa.core.child.AgentJar;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.io.CsvTables;
import com.numa.core.io.JsonFiles;
import com.numa.core.stats.Stats;
import com.numa.core.window.MeasurementWindow;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
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
 * Do no harm: every program runs without the agent and with {@code -XX:+NUMAOpts
 * -XX:NUMATopology=2} (the packaged agent, as {@code bin/numa vm} starts it), alternating, no child restricted, so both
 * have the machine's CPUs. Two ratios per program, median time without over median time with the optimizer (below 1
 * = slower with it): {@code wall_ratio} over the whole process (JVM start, agent start, the program, exit) and
 * {@code app_ratio} over the program's own time (a bench workload's timed run; a built-in workload's or an
 * application's iterations, warm-ups included, as their harness marks them). The optimizer runs with its defaults
 * (no decision log, whose writing would add to the exit); its stderr lines give the decisions, the last one and why,
 * and whether it measured at all. Programs whose output differs with the optimizer are reported.
 *
 * <p>Suites: {@code bench} (the optimizer's and the profiler's built-in workloads, {@link Workloads}), {@code builtin}
 * ({@code numa characterize --suite builtin}'s seven), {@code apps} (the real applications of the {@code apps}
 * module; needs its build).
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar com.numa.bench.opt.OptDoNoHarm [--runs 3]
 * [--suites bench,builtin,apps] [--scale 1.0] [--size default] [--warmup 1] [--iterations 3] [--threads 2]
 * [--agent-jar com.numa.vm/target/numa-agent.jar] [--csv file] [-XX:NUMAOpts... extra flags]}
 */
@Command(name = "OptDoNoHarm", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Ratio of run times without and with the NUMA optimizer (-XX:+NUMAOpts on the emulated 2 nodes) "
                + "over the built-in workloads and the real applications; below 1 = slower with the optimizer.")
public final class OptDoNoHarm implements Callable<Integer> {
    static final List<String> SUITES = List.of("bench", "builtin", "apps");

    @Spec
    private CommandSpec spec;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3",
            description = "Runs of each program without and with the optimizer (default: ${DEFAULT-VALUE}).")
    private int runs;

    @Option(names = "--suites", paramLabel = "NAME", split = ",", defaultValue = "bench,builtin,apps",
            description = "Suites, comma-separated, of bench, builtin, apps (default: ${DEFAULT-VALUE}).")
    private List<String> suites;

    @Option(names = "--only", paramLabel = "NAME", split = ",",
            description = "Only these programs (names as in the table).")
    private List<String> only = new ArrayList<>();

    @Option(names = "--scale", paramLabel = "X", defaultValue = "1.0",
            description = "Work per bench workload run (default: ${DEFAULT-VALUE}).")
    private double scale;

    @Option(names = "--size", defaultValue = "default",
            description = "Input size of the builtin and apps programs: small, default, large (default: ${DEFAULT-VALUE}).")
    private String size;

    @Option(names = "--warmup", defaultValue = "1", description = "Warm-up iterations (builtin, apps).")
    private int warmup;

    @Option(names = "--iterations", defaultValue = "3", description = "Measured iterations (builtin, apps).")
    private int iterations;

    @Option(names = "--threads", defaultValue = "2", description = "Threads (builtin, apps).")
    private int threads;

    @Option(names = "--agent-jar", paramLabel = "JAR",
            description = "numa-agent.jar (default: -Dnuma.agent.jar, else com.numa.vm/target/numa-agent.jar of the "
                    + "checkout benchmarks.jar was built in).")
    private Path agentJar;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the table to FILE.")
    private Path csv;

    @Parameters(paramLabel = "-XX:flag", description = "More NUMAOpts flags for the optimizer runs.")
    private List<String> extraFlags = new ArrayList<>();

    /** One program: how to start it, and how to read its own time from a run. */
    private record Program(String suite, String name, List<String> javaArguments, boolean reportsItself) {
    }

    /**
     * One run: whole-process and program time, ns; for optimizer runs whether it measured, how many times it decided
     * something new (stderr {@code decided} lines) and the last of them.
     */
    private record Run(long wallNs, long appNs, String stdout, boolean measured, int decisions, String lastDecision) {
        String finalState() {
            return lastDecision.isEmpty() ? "UNDECIDED" : lastDecision.substring(0, lastDecision.indexOf(' '));
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    /** Runs the tool; returns its exit code (usage errors: one line on {@code err}, exit 2). */
    public static int run(String[] args, PrintStream err) {
        return BenchCommandLine.of(new OptDoNoHarm(), err).setUnmatchedOptionsArePositionalParams(true).execute(args);
    }

    @Override
    public Integer call() throws IOException {
        require(spec, runs >= 1, "--runs must be at least 1, not " + runs);
        require(spec, scale > 0, "--scale must be above 0, not " + scale);
        for (String s : suites) {
            require(spec, SUITES.contains(s), "unknown suite '" + s + "'; known: " + String.join(", ", SUITES));
        }
        List<String> optFlags = OptOverhead.optimizerFlags(spec, List.of("-XX:+NUMAOpts", "-XX:NUMATopology=2"),
                extraFlags);
        Path agent = agentJar();
        Path work = Files.createTempDirectory("numa-opt-do-no-harm");
        List<Program> programs = programs(agent);
        require(spec, !programs.isEmpty(), "no program selected (--suites " + suites + ", --only " + only + ")");
        List<List<Object>> rows = new ArrayList<>();
        List<Double> wallRatios = new ArrayList<>();
        List<Double> appRatios = new ArrayList<>();
        for (Program p : programs) {
            long[] baseWall = new long[runs];
            long[] optWall = new long[runs];
            long[] baseApp = new long[runs];
            long[] optApp = new long[runs];
            Run last = null;
            boolean sameOutput = true;
            for (int r = 0; r < runs; r++) {
                Path dir = Files.createDirectories(work.resolve(p.name() + "-" + r));
                Run base = runOnce(p, agent, null, dir.resolve("base"));
                Run opt = runOnce(p, agent, optFlags, dir.resolve("opt"));
                baseWall[r] = base.wallNs();
                optWall[r] = opt.wallNs();
                baseApp[r] = base.appNs();
                optApp[r] = opt.appNs();
                sameOutput &= normalized(base.stdout()).equals(normalized(opt.stdout()));
                last = opt;
                System.err.printf(Locale.ROOT, "  %s/%s run %d: wall %.0f / %.0f ms, program %.0f / %.0f ms, %s%n",
                        p.suite(), p.name(), r + 1, base.wallNs() / 1e6, opt.wallNs() / 1e6, base.appNs() / 1e6,
                        opt.appNs() / 1e6, opt.finalState());
            }
            double wallRatio = Stats.median(baseWall) / Stats.median(optWall);
            double appRatio = Stats.median(baseApp) / Stats.median(optApp);
            wallRatios.add(wallRatio);
            appRatios.add(appRatio);
            rows.add(Arrays.asList(p.suite(), p.name(), runs, ms(Stats.median(baseWall)), ms(Stats.median(optWall)),
                    fmt("%.3f", wallRatio), ms(Stats.median(baseApp)), ms(Stats.median(optApp)), fmt("%.3f", appRatio),
                    last.finalState(), last.measured() ? "yes" : "no", last.decisions(), sameOutput,
                    last.lastDecision()));
        }
        String table = CsvTables.table(List.of("suite", "program", "runs", "base_wall_ms", "opt_wall_ms", "wall_ratio",
                "base_program_ms", "opt_program_ms", "program_ratio", "opt_final_state", "measured", "decisions",
                "same_output", "last_decision"), out -> {
                    for (List<Object> row : rows) {
                        out.printRecord(row);
                    }
                });
        double[] w = wallRatios.stream().mapToDouble(d -> d).toArray();
        double[] a = appRatios.stream().mapToDouble(d -> d).toArray();
        String summary = "# " + CsvTables.rows(out -> out.printRecord("worst_wall_ratio",
                fmt("%.3f", Arrays.stream(w).min().orElse(Double.NaN)), "worst_program_ratio",
                fmt("%.3f", Arrays.stream(a).min().orElse(Double.NaN)), "geomean_wall_ratio", fmt("%.3f", Stats.geomean(w)),
                "geomean_program_ratio", fmt("%.3f", Stats.geomean(a)), "flags", String.join(" ", optFlags), "size", size,
                "warmup", warmup, "iterations", iterations, "threads", threads, "scale", scale, "java",
                System.getProperty("java.version")));
        BenchCommandLine.publish(table, summary, csv);
        return 0;
    }

    private Path agentJar() {
        if (agentJar != null) {
            require(spec, Files.isRegularFile(agentJar), "--agent-jar " + agentJar + " does not exist");
            return agentJar.toAbsolutePath();
        }
        if (System.getProperty(AgentJar.PROPERTY) != null) {
            return AgentJar.packaged(OptDoNoHarm.class);
        }
        try {
            Path benchJar = Path.of(OptDoNoHarm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path jar = benchJar.getParent().getParent().getParent().resolve("com.numa.vm/target/numa-agent.jar");
            require(spec, Files.isRegularFile(jar), "no agent jar at " + jar + ": build it (mvn -B -q package "
                    + "-DskipTests) or pass --agent-jar");
            return jar;
        } catch (java.net.URISyntaxException | NullPointerException e) {
            throw new ParameterException(spec.commandLine(), "cannot tell where numa-agent.jar is; pass --agent-jar");
        }
    }

    private List<Program> programs(Path agent) {
        List<Program> out = new ArrayList<>();
        RunOptions options = new RunOptions(threads, warmup, iterations, size, false, List.of());
        for (String suite : suites) {
            switch (suite) {
                case "bench" -> {
                    for (String w : Workloads.names()) {
                        out.add(new Program(suite, w, List.of("-cp", absolute(System.getProperty("java.class.path")),
                                OptOverheadChild.class.getName(), w, Double.toString(scale)), true));
                    }
                }
                case "builtin" -> {
                    for (Benchmark b : new BuiltinSuite().benchmarks(options)) {
                        out.add(new Program(suite, b.name(), b.javaArguments(options, agent), false));
                    }
                }
                default -> {
                    // only the applications --only names need to be built (a copy of the apps directory may hold a few)
                    List<String> apps = Applications.all().stream().map(Application::name)
                            .filter(a -> only.isEmpty() || only.contains(a)).toList();
                    if (apps.isEmpty()) {
                        continue;
                    }
                    RunOptions appOptions = new RunOptions(threads, warmup, iterations, size, false,
                            only.isEmpty() ? List.of() : apps);
                    for (Benchmark b : new AppsSuite(() -> AppsDirectory.locate(agent)).benchmarks(appOptions)) {
                        out.add(new Program(suite, b.name(), b.javaArguments(appOptions, agent), false));
                    }
                }
            }
        }
        if (!only.isEmpty()) {
            out.removeIf(p -> !only.contains(p.name()));
        }
        return out;
    }

    /** One child JVM: without the agent when {@code flags} is null. */
    private static Run runOnce(Program p, Path agent, List<String> flags, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path iterations = dir.resolve("iterations.jsonl");
        ChildJvm child = ChildJvm.current().directory(dir).options("-D" + MeasurementWindow.FILE_PROPERTY + "="
                + iterations).launch(p.javaArguments()).timeout(Duration.ofMinutes(10));
        if (flags != null) {
            child.agent(agent, flags);
        }
        ChildRun run = child.run();
        if (!run.succeeded() && !(p.name().equals("pmd") && run.exitCode() == 4)) {
            throw new IllegalStateException(p.name() + " failed\n" + run.diagnostics());
        }
        System.err.print(run.stderr().lines().filter(l -> l.startsWith("numa:")).map(l -> "    " + l + "\n")
                .reduce("", String::concat));
        long app = p.reportsItself() ? run.report(OptOverheadChild.Result.class).elapsedNs() : iterationsNs(iterations);
        String decided = "numa: NUMAOpts: decided ";
        List<String> decisions = run.stderr().lines().filter(l -> l.startsWith(decided))
                .map(l -> l.substring(decided.length())).toList();
        return new Run(run.wallNs(), app, p.reportsItself() ? "" : run.stdout(),
                run.stderr().contains("numa: NUMAOpts: work counted as "), decisions.size(),
                decisions.isEmpty() ? "" : decisions.get(decisions.size() - 1));
    }

    /** Every marked iteration, warm-ups included: the optimizer acts during all of them. */
    private static long iterationsNs(Path file) throws IOException {
        long sum = 0;
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                JsonNode n = JsonFiles.mapper().readTree(line);
                sum += n.path("duration_ns").asLong();
            }
        }
        return sum;
    }

    /** The children run in directories of their own: a relative class path would not be found there. */
    private static String absolute(String classPath) {
        return Arrays.stream(classPath.split(java.io.File.pathSeparator)).map(e -> Path.of(e).toAbsolutePath().toString())
                .reduce((x, y) -> x + java.io.File.pathSeparator + y).orElse("");
    }

    private static String normalized(String stdout) {
        return stdout.replaceAll("/tmp/numa-app-[^/\\s]+", "<scratch>").strip();
    }

    private static String ms(double ns) {
        return fmt("%.0f", ns / 1e6);
    }

    private static String fmt(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }
}
