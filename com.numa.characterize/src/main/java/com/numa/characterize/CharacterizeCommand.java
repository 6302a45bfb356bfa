package com.numa.characterize;

import com.numa.characterize.analysis.Classifier;
import com.numa.characterize.analysis.PerfUtilRows;
import com.numa.characterize.report.PaperComparison;
import com.numa.characterize.report.Provenance;
import com.numa.characterize.report.StudyOutput;
import com.numa.characterize.report.VerdictSummary;
import com.numa.characterize.run.ApplicationResult;
import com.numa.characterize.run.Characterization;
import com.numa.characterize.run.Configuration;
import com.numa.characterize.run.DiagnoseCommandLine;
import com.numa.characterize.run.Placement;
import com.numa.characterize.run.Placements;
import com.numa.characterize.run.Runner;
import com.numa.characterize.run.SpeedupStacks;
import com.numa.characterize.suite.Benchmark;
import com.numa.characterize.suite.MethodSpan;
import com.numa.characterize.suite.RunOptions;
import com.numa.characterize.suite.SingleApplication;
import com.numa.characterize.suite.SparkJvm;
import com.numa.characterize.suite.Suite;
import com.numa.core.io.ChartRendering;
import com.numa.core.child.AgentJar;
import com.numa.core.child.TargetJava;
import com.numa.core.classification.Thresholds;
import com.numa.perfutil.locality.KernelLocality;
import com.numa.perfutil.locality.KernelLocalitySampler;
import com.numa.core.io.OutputPaths;
import com.numa.core.log.NumaLog;
import com.numa.core.topology.NumaTopology;
import com.numa.perfutil.events.PmuCatalog;
import com.numa.perfutil.machine.MachineRoot;
import com.numa.perfutil.machine.ToolSearch;
import com.numa.perfutil.topology.MachineTopology;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code numa characterize}: the ISMM'23 characterization study (Tables 2, 4, 5, 6, the categories of Figures 2 and 3,
 * and a recommendation) for a suite or one application, as CSV tables, characterization.json and an HTML report.
 * Exit code 0 when every run succeeded, 1 when one failed (the others still ran and are reported), 2 for bad usage.
 */
@Command(name = "characterize", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Characterize applications as the ISMM'23 NUMA study does: parallelism and balance (Table 2), "
                + "shared accesses (Table 4), locality (Table 5) and scaling (Table 6) under Single, Dual and All Nodes "
                + "configurations; writes CSV tables, characterization.json, report.html and report.md.",
            "",
            "  numa characterize --suite builtin --quick",
            "  numa characterize --suite validation --quick",
            "  numa characterize -XX:NUMATopology=2 --suite dacapo:dacapo-23.11-chopin.jar --bench lusearch,h2",
            "  numa characterize --name myapp -- -cp app.jar com.example.Main {threads}",
            "  numa characterize --start-at app.Main.solve -- -cp app.jar app.Main",
            ""},
        customSynopsis = "numa characterize [options] (--suite SUITE | -- <java arguments>)")
public final class CharacterizeCommand implements Callable<Integer> {
    static final int USAGE = 2;
    static final int RUN_FAILED = 1;

    @Option(names = "--suite", paramLabel = "SUITE", description = "builtin, apps (real applications from Maven "
            + "Central), validation (user-like JDK programs with known answers), dacapo:<jar> or renaissance:<jar>")
    private String suite;

    @Option(names = "--bench", split = ",", paramLabel = "NAME", description = "only these benchmarks of the suite")
    private List<String> bench = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default: ${DEFAULT-VALUE})")
    private Path out = Path.of("numa-characterization");

    @Option(names = "--name", description = "label of a single application (default: its main class or jar)")
    private String name;

    @Option(names = "--start-at", paramLabel = "pkg.Class.method", description = "a single application is measured from "
            + "an entry of this method (counters, profile and time; default: its whole run, or task execution, "
            + SparkJvm.TASK_RUNNER + ", for a Spark application)")
    private String startAt;

    @Option(names = "--stop-at", paramLabel = "pkg.Class.method", description = "and to the exit of this method that leaves "
            + "none of its calls running (default: the --start-at method; alone: from the start of main)")
    private String stopAt;

    @Option(names = "--threads", description = "worker threads, {threads} in the java arguments (default: usable CPUs)")
    private Integer threads;

    @Option(names = "--warmup", description = "warm-up iterations (default: 2, --quick: 1)")
    private Integer warmup;

    @Option(names = "--iterations", description = "measured iterations (default: 5, --quick: 2)")
    private Integer iterations;

    @Option(names = "--size", description = "input size: a harness's size, or small|default|large for built-in workloads "
            + "(default: default, --quick: small)")
    private String size;

    @Option(names = "--configs", split = ",", paramLabel = "CONFIG", description = "single, dual, all (default: all three)")
    private List<String> configs = List.of("single", "dual", "all");

    @Option(names = "--quick", description = "a short first look: small inputs, few iterations, sampled profiling")
    private boolean quick;

    @Option(names = "-XX:NUMATopology", paramLabel = "SPEC", description = "auto (the kernel's nodes), N pseudo-nodes, "
            + "or CPU lists 0-1/2-3; on one real node, -XX:NUMATopology=2 runs Dual and All Nodes (default: auto)")
    private String topology = "auto";

    @Option(names = "--no-profile", description = "skip the NUMAProfiler run (no Table 4, no OA)")
    private boolean noProfile;

    @Option(names = "--speedup-stack", description = "also draw each benchmark's speedup stack (numa speedup-stack at 1 "
            + "and --threads threads) where its thread count is an argument")
    private boolean speedupStack;

    @Option(names = "--profiler-sampling", paramLabel = "N", description = "profile one access in N (default: 1, --quick: 16)")
    private Integer profilerSampling;

    @Option(names = "--timeout", paramLabel = "MINUTES", description = "time limit of one run (default: ${DEFAULT-VALUE})")
    private int timeoutMinutes = 30;

    @Option(names = "--main-share", paramLabel = "PCT", description = "Single-Threaded above this main share (default: ${DEFAULT-VALUE})")
    private double mainShare = Thresholds.DEFAULTS.mainSharePct();

    @Option(names = "--worker-share", paramLabel = "PCT", description = "a worker does at least this share (default: ${DEFAULT-VALUE})")
    private double workerShare = Thresholds.DEFAULTS.workerSharePct();

    @Option(names = "--embarrassing-imbalance", paramLabel = "PCT", description = "Embarrassingly Imbalanced above (default: ${DEFAULT-VALUE})")
    private double embarrassing = Thresholds.DEFAULTS.embarrassingImbalancePct();

    @Option(names = "--imbalance", paramLabel = "PCT", description = "Imbalanced above (default: ${DEFAULT-VALUE})")
    private double imbalance = Thresholds.DEFAULTS.imbalancePct();

    @Option(names = "--shared-read", paramLabel = "PCT", description = "Data Parallel below this shared-read share (default: ${DEFAULT-VALUE})")
    private double sharedRead = Thresholds.DEFAULTS.sharedReadPct();

    @Option(names = "--shared-write", paramLabel = "PCT", description = "Read & Write Dependencies from this shared-write share (default: ${DEFAULT-VALUE})")
    private double sharedWrite = Thresholds.DEFAULTS.sharedWritePct();

    @Option(names = "--locality-miss-increase", paramLabel = "POINTS", description = "Locality-Bound above this LLC miss-rate increase (default: ${DEFAULT-VALUE})")
    private double localityIncrease = Thresholds.DEFAULTS.localityMissIncreasePct();

    @Option(names = "--no-kernel-locality", description = "Do not sample remote page accesses from the kernel's NUMA "
            + "balancing on a multi-node machine (it enables and tunes balancing during each counters run, as root)")
    private boolean noKernelLocality;

    @Option(names = "--locality-sites", description = "Also match Dual Node's sampled heap pages to the allocation "
            + "sites of JFR's old-object sampler (locality_sites.csv; adds a JFR recording to that run)")
    private boolean localitySites;

    @Option(names = "--locality-remote-increase", paramLabel = "POINTS", description = "Locality-Bound, where no PMU "
            + "counts LLC misses, above this increase of the kernel-sampled remote share from Single to Dual Node "
            + "(default: ${DEFAULT-VALUE})")
    private double localityRemoteIncrease = Thresholds.DEFAULTS.localityRemoteIncreasePct();

    @Option(names = "--scaling-loss", paramLabel = "RATIO", description = "All/Single below this: slower on all nodes (default: ${DEFAULT-VALUE})")
    private double scalingLoss = Thresholds.DEFAULTS.scalingLossRatio();

    @Parameters(paramLabel = "JAVA_ARGS", description = "after --: the application, as numa vm takes it ({threads} is replaced)")
    private List<String> javaArgs = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    private final Map<String, String> env;

    public CharacterizeCommand() {
        this(System.getenv());
    }

    /** {@code env}: where JAVA_HOME is looked up for the applications' java. */
    public CharacterizeCommand(Map<String, String> env) {
        this.env = env;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        NumaLog log = new NumaLog(line -> {
            err.println(NumaLog.PREFIX + line);
            err.flush();
        });
        Prepared p;
        try {
            p = prepare();
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("numa: characterize: " + e.getMessage());
            return USAGE;
        }
        p.leftOut.forEach(log::info);
        int realNodes = KernelLocalitySampler.realNodeCount();
        boolean kernelLocality = realNodes >= 2 && !noKernelLocality;
        Placements placements = new Placements(p.topology, numactlAvailable(),
                kernelLocality && KernelLocality.bindingWithBalancing());
        KernelLocality.whyNotMeasured(realNodes).ifPresent(log::info);
        List<Configuration> wanted = p.configurations;
        for (Configuration c : wanted) {
            if (placements.of(c) == null) {
                log.info(c.label() + " is not run: " + placements.whyNot(c));
            }
        }
        boolean profile = !noProfile;
        int total = Characterization.runCount(p.benchmarks.size(), placements, wanted, profile);
        Runner runner = new Runner(p.agentJar, p.java, out, log, Duration.ofMinutes(timeoutMinutes),
                profilerSampling != null ? profilerSampling : quick ? 16 : 1, total, !kernelLocality
                        ? Runner.KernelSampling.OFF : localitySites ? Runner.KernelSampling.LOCALITY_AND_SITES
                        : Runner.KernelSampling.LOCALITY);
        Placement singleNode = placements.of(Configuration.SINGLE);
        Classifier classifier = new Classifier(thresholds(), p.topology.usableCpus().size(),
                singleNode == null ? 0 : singleNode.cpus().size());
        Characterization study = new Characterization(runner, placements, wanted, profile, classifier,
                new DiagnoseCommandLine(topology, p.agentJar, out));
        List<ApplicationResult> results = new ArrayList<>();
        for (Benchmark b : p.benchmarks) {
            results.add(study.characterize(b, p.options, fingerprint(p)));
        }
        Map<String, Path> stacks = new LinkedHashMap<>();
        if (speedupStack) {
            for (Benchmark b : p.benchmarks) {
                SpeedupStacks.run(b, p.options, p.agentJar, out.resolve("speedup"), log)
                        .ifPresent(png -> stacks.put(b.name(), png));
            }
        }
        StudyOutput.write(out, results, provenance(p, placements, wanted, runner, results), stacks);
        boolean failed = results.stream().anyMatch(r -> !r.failures().isEmpty());
        // the answer on stderr too, with its confidence: a weak verdict is never read without its concerns
        VerdictSummary.rows(results).forEach(v -> v.lines().forEach(log::info));
        PaperComparison.line(results).ifPresent(log::info);
        ChartRendering.failure().ifPresent(log::info);
        log.info("characterization of " + results.size() + " application(s) in " + out.toAbsolutePath()
                + (failed ? " (some runs failed: see categories.csv)" : "") + "; open report.html");
        return failed ? RUN_FAILED : 0;
    }

    /** Everything checked before the first run starts. */
    private record Prepared(String suiteName, List<Benchmark> benchmarks, List<String> leftOut, RunOptions options,
            NumaTopology topology, List<Configuration> configurations, Path agentJar, TargetJava java) {
    }

    private Prepared prepare() throws IOException {
        if (suite != null && !javaArgs.isEmpty()) {
            throw new IllegalArgumentException("give either --suite or an application after '--', not both");
        }
        if (suite == null && javaArgs.isEmpty()) {
            throw new IllegalArgumentException("nothing to characterize: give --suite " + Suites.FORMS
                    + ", or an application after '--' (see 'numa characterize --help')");
        }
        List<Configuration> wanted = configs.stream().map(Configuration::of).distinct().toList();
        NumaTopology topo = MachineTopology.fromSpec(topology);
        int cpus = topo.usableCpus().size();
        RunOptions options = new RunOptions(positive("--threads", threads != null ? threads : cpus),
                nonNegative("--warmup", warmup != null ? warmup : quick ? 1 : 2),
                positive("--iterations", iterations != null ? iterations : quick ? 2 : 5),
                size != null ? size : quick ? "small" : "default", quick, bench);
        MethodSpan window = MethodSpan.of(startAt, stopAt);
        if (window == null && suite == null && SparkJvm.isSpark(javaArgs)) {
            window = SparkJvm.TASK_WINDOW; // a Spark run's work is its tasks: start-up and the JIT would dominate
        }
        if (window != null && suite != null) {
            throw new IllegalArgumentException("--start-at and --stop-at measure a single application (after '--'); a suite's "
                    + "harness marks its own iterations");
        }
        TargetJava java = TargetJava.resolve(env, System.getProperty("java.home"));
        Suite s = suite != null ? Suites.of(suite, java.featureVersion(), cpus)
                : new SingleApplication(name != null ? name : SingleApplication.defaultName(javaArgs), javaArgs, window);
        List<Benchmark> benchmarks = s.benchmarks(options);
        List<String> leftOut = s.leftOut(options);
        if (benchmarks.isEmpty() && !leftOut.isEmpty()) {
            throw new IllegalArgumentException("nothing to run here: " + String.join("; ", leftOut));
        }
        OutputPaths.optionProblem("--out", out.toAbsolutePath(), true).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        return new Prepared(s.name(), benchmarks, leftOut, options, topo, wanted, AgentJar.packaged(CharacterizeCommand.class),
                java);
    }

    private Thresholds thresholds() {
        return new Thresholds(mainShare, workerShare, embarrassing, imbalance, sharedRead, sharedWrite, localityIncrease,
                scalingLoss, localityRemoteIncrease);
    }

    private String fingerprint(Prepared p) {
        return String.join("|", p.suiteName, String.valueOf(p.options), topology, String.valueOf(profilerSampling),
                String.valueOf(quick), String.join(" ", javaArgs), String.valueOf(startAt), String.valueOf(stopAt),
                String.join(" ", Runner.PROFILE_COVERAGE)); // a run profiled with other coverage is not reused
    }

    private Provenance provenance(Prepared p, Placements placements, List<Configuration> wanted, Runner runner,
            List<ApplicationResult> results) throws IOException {
        Map<String, String> configurations = new LinkedHashMap<>();
        for (Configuration c : Configuration.values()) {
            Placement pl = placements.of(c);
            String text = pl == null ? "not run: " + placements.whyNot(c)
                    : !wanted.contains(c) ? "not requested (--configs)"
                            : "CPUs " + pl.cpus().toList() + ", nodes " + pl.nodes() + ", started with '"
                                    + String.join(" ", pl.wrapper()) + "'" + (pl.note().isEmpty() ? "" : "; " + pl.note());
            configurations.put(c.label(), text);
        }
        List<String> events = List.of();
        double coverage = 100;
        for (ApplicationResult a : results) {
            for (Configuration c : wanted) {
                Path csv = runner.runDir(p.benchmarks.stream().filter(b -> b.name().equals(a.name())).findFirst().orElseThrow(),
                        c, Runner.Kind.COUNTERS).resolve("perfutil.csv");
                if (Files.isRegularFile(csv)) {
                    PerfUtilRows rows = PerfUtilRows.read(csv);
                    events = rows.events();
                    coverage = Math.min(coverage, rows.minCoverage());
                }
            }
        }
        Map<String, Object> opts = new LinkedHashMap<>();
        opts.put("threads", p.options.threads());
        opts.put("warmup", p.options.warmup());
        opts.put("iterations", p.options.iterations());
        opts.put("size", p.options.size());
        opts.put("quick", quick);
        opts.put("profiled", !noProfile);
        if (startAt != null || stopAt != null) {
            opts.put("start_at", startAt == null ? "" : startAt);
            opts.put("stop_at", stopAt == null ? "" : stopAt);
        }
        opts.put("benchmarks", p.benchmarks.stream().map(Benchmark::name).toList());
        Thresholds t = thresholds();
        Map<String, Double> th = new LinkedHashMap<>();
        th.put("main_share_pct", t.mainSharePct());
        th.put("worker_share_pct", t.workerSharePct());
        th.put("embarrassing_imbalance_pct", t.embarrassingImbalancePct());
        th.put("imbalance_pct", t.imbalancePct());
        th.put("shared_read_pct", t.sharedReadPct());
        th.put("shared_write_pct", t.sharedWritePct());
        th.put("locality_miss_increase_points", t.localityMissIncreasePct());
        th.put("scaling_loss_ratio", t.scalingLossRatio());
        th.put("locality_remote_increase_points", t.localityRemoteIncreasePct());
        return new Provenance(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), cpuModel(),
                p.topology.usableCpus().size(), "java " + p.java.featureVersion() + " (" + p.java.home() + ")",
                p.topology.toString(), p.topology.emulated(), PmuCatalog.system().hasCorePmu(), events, coverage,
                configurations, p.suiteName, opts, th);
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse("unknown CPU");
        } catch (IOException e) {
            return "unknown CPU";
        }
    }

    private static boolean numactlAvailable() {
        return ToolSearch.system(MachineRoot.system(), System.getenv()).program("numactl") != null;
    }


    private static int positive(String option, int v) {
        if (v < 1) {
            throw new IllegalArgumentException(option + " must be at least 1, not " + v);
        }
        return v;
    }

    private static int nonNegative(String option, int v) {
        if (v < 0) {
            throw new IllegalArgumentException(option + " must be 0 or more, not " + v);
        }
        return v;
    }
}
