package com.numa.speedup;

import com.numa.core.child.AgentJar;
import com.numa.core.child.ApplicationFailure;
import com.numa.core.io.ChartRendering;
import com.numa.core.io.OutputPaths;
import com.numa.core.child.TargetJava;
import com.numa.core.log.NumaLog;
import com.numa.core.stats.Stats;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code numa speedup-stack}: why an application's speedup falls short of N, split into the causes of Sartor et al.'s
 * speedup stacks for managed applications (garbage collection, serial initialization, synchronization, imbalance,
 * other), measured from user space: JFR for thread lifetimes, waits and GC pauses, a one-class java agent (the thread
 * clock) for each thread's CPU time. The module's public surface is this command, {@link SpeedupStackRun} (the command
 * for another tool), {@link ApplicationRunner} and {@link SpeedupMeasurement} (what a measured run adds to the command
 * line, shared with the cost bench).
 *
 * <p>Exit codes: 0 done; 1 the application failed (its {@link ApplicationFailure} is the first thing printed) or an
 * output could not be written; 2 bad input, including an application whose run
 * time and thread count do not follow {@code {threads}} (the results are still written).
 */
@Command(name = "speedup-stack", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Speedup stack of a multi-threaded Java application: runs it at 1 thread (T_s) and at each N, "
                + "with and without JFR + the thread clock, and splits N - T_s/T_p into gc, initialization, synchronization, "
                + "imbalance and other.",
        footer = "Example: speedup-stack --threads 1,2,4 -- -cp app.jar com.example.Main {threads}")
public final class SpeedupStackCommand implements Callable<Integer> {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int BAD_INPUT = 2;

    @Spec
    CommandSpec spec;

    @Option(names = "--threads", split = ",", paramLabel = "N", description = "Thread counts; must include 1 (baseline).")
    List<Integer> threads;

    @Option(names = "--repeat", defaultValue = "3", description = "Runs per thread count and mode; medians are used "
            + "(default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--out", defaultValue = "speedup-stack", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    /** Accepted and ignored: running times used to come from the numa agent's PerfUtil; older command lines pass it. */
    @Option(names = "--agent-jar", hidden = true)
    Path agentJar;

    @Option(names = "--title", defaultValue = "", paramLabel = "TEXT", description = "What was measured where, for the "
            + "chart's title and the report (e.g. the application and the machine).")
    String title;

    @Option(names = "--clock-interval", defaultValue = "" + SpeedupMeasurement.DEFAULT_CLOCK_INTERVAL_MS,
            paramLabel = "MS", description = "How often the thread clock reads every thread's CPU time; a worker misses "
            + "at most this much of it, at its end (default: ${DEFAULT-VALUE}).")
    int clockIntervalMs;

    @Parameters(paramLabel = "JAVA_ARGS", arity = "0..*", description = "After --: java options, main class or -jar, "
            + "and the application's arguments, with {threads} where the thread count goes.")
    List<String> javaArguments = new ArrayList<>();

    private final ApplicationRunner injectedRunner;

    public SpeedupStackCommand() {
        this(null);
    }

    /** For tests: a scripted runner instead of child JVMs. */
    SpeedupStackCommand(ApplicationRunner runner) {
        this.injectedRunner = runner;
    }

    public static void main(String[] args) {
        System.exit(commandLine(new SpeedupStackCommand()).execute(args));
    }

    /** The command with bad options answered in one line and exit 2, like the checks of {@link RunPlan}. */
    static CommandLine commandLine(SpeedupStackCommand command) {
        CommandLine cl = new CommandLine(command);
        cl.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println(NumaLog.PREFIX + "speedup-stack: " + ex.getMessage() + " (--help for usage)");
            return BAD_INPUT;
        });
        return cl;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        RunPlan plan;
        try {
            plan = RunPlan.of(threads, javaArguments, repeat);
            if (clockIntervalMs < 1) {
                throw new RunPlan.BadInput("--clock-interval must be 1 ms or more, got " + clockIntervalMs);
            }
            Optional<String> unwritable = OutputPaths.optionProblem("--out", out.toAbsolutePath(), true);
            if (unwritable.isPresent()) {
                throw new RunPlan.BadInput(unwritable.get());
            }
        } catch (RunPlan.BadInput e) {
            err.println(NumaLog.PREFIX + "speedup-stack: " + e.getMessage());
            return BAD_INPUT;
        }
        try {
            return run(plan, stdout, err);
        } catch (ApplicationFailed e) {
            e.failure.lines().forEach(l -> err.println(NumaLog.PREFIX + "speedup-stack: " + l));
            err.println(NumaLog.PREFIX + "speedup-stack: " + e.getMessage());
            return FAILED;
        } catch (IOException e) {
            err.println(NumaLog.PREFIX + "speedup-stack: " + e.getMessage());
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(NumaLog.PREFIX + "speedup-stack: interrupted");
            return FAILED;
        }
    }

    /**
     * The application failed: the stack of a failing run would be meaningless. The message says which run and where
     * its output is; the failure itself is printed before it.
     */
    static final class ApplicationFailed extends Exception {
        final transient ApplicationFailure failure;

        ApplicationFailed(ApplicationFailure failure, String message) {
            super(message);
            this.failure = failure;
        }
    }

    private int run(RunPlan plan, PrintWriter stdout, PrintWriter err)
            throws IOException, InterruptedException, ApplicationFailed {
        Path dir = out.toAbsolutePath();
        Path runs = dir.resolve("runs");
        Files.createDirectories(runs);
        SpeedupMeasurement measurement;
        try {
            measurement = SpeedupMeasurement.in(dir, clockIntervalMs);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
        ApplicationRunner runner = injectedRunner != null ? injectedRunner
                : new ChildJvmApplicationRunner(TargetJava.current(), measurement);
        MeasurementStartup startup = startupCost(runner, plan.repeat(), runs);
        boolean startupSaid = false;
        Map<Integer, List<Long>> plainWalls = new TreeMap<>();
        Map<Integer, List<Long>> measuredWalls = new TreeMap<>();
        Map<Integer, List<RunSummary>> summaries = new TreeMap<>();
        // Interleaved (r outer, N inner, plain next to measured) so drift on a shared machine hits every column alike.
        for (int r = 1; r <= plan.repeat(); r++) {
            for (int n : plan.threadCounts()) {
                List<String> args = plan.argumentsFor(n);
                String id = "n" + n + "-r" + r;
                String at = "at " + n + " thread(s), run " + r;
                ApplicationRunner.Result plain = checked(runner.run(
                        new ApplicationRunner.Request(args, runs.resolve(id + "-plain.log"), null, null)), at);
                ApplicationRunner.Result measured = checked(runner.run(new ApplicationRunner.Request(args,
                        runs.resolve(id + ".log"), runs.resolve(id + ".jfr"), runs.resolve(id + "-clock.csv"))),
                        at + " (measured)");
                if (!startupSaid) {
                    // said once the application has run, so that when it fails, its failure comes first
                    err.printf(Locale.ROOT, NumaLog.PREFIX + "speedup-stack: measurement start-up %.0f ms per JVM, %.0f ms "
                            + "CPU of it on the main thread (empty main, with vs without)%n", startup.wallNs() / 1e6,
                            startup.mainCpuNs() / 1e6);
                    startupSaid = true;
                }
                plainWalls.computeIfAbsent(n, k -> new ArrayList<>()).add(plain.wallNs());
                measuredWalls.computeIfAbsent(n, k -> new ArrayList<>()).add(measured.wallNs());
                RunSummary summary = MeasuredRunReader.summarize(measured);
                summaries.computeIfAbsent(n, k -> new ArrayList<>()).add(summary);
                err.printf(Locale.ROOT, NumaLog.PREFIX + "speedup-stack: N=%d run %d/%d: %.2f s plain, %.2f s measured, %d worker(s)%n",
                        n, r, plan.repeat(), plain.wallNs() / 1e9, measured.wallNs() / 1e9, summary.workerCount());
                err.flush();
            }
        }
        Map<Integer, Long> plainMedian = medians(plainWalls);
        Map<Integer, Long> measuredMedian = medians(measuredWalls);
        Map<Integer, RunSummary> summaryMedian = new LinkedHashMap<>();
        summaries.forEach((n, list) -> summaryMedian.put(n, RunSummary.median(list)));
        List<SpeedupStack> stacks = new ArrayList<>();
        for (int n : plan.threadCounts()) {
            if (n != 1) {
                stacks.add(SpeedupStackModel.stack(n, plainMedian.get(1), summaryMedian.get(1), plainMedian.get(n),
                        summaryMedian.get(n), startup));
            }
        }
        Map<Integer, Integer> workerCounts = new TreeMap<>();
        summaryMedian.forEach((n, s) -> workerCounts.put(n, s.workerCount()));
        Optional<String> ignored = IgnoredThreadCount.check(plainMedian, workerCounts);
        StackReport report = new StackReport(title, javaArguments, plan.repeat(), stacks, plainMedian, measuredMedian,
                startup, ignored.stream().toList());
        StackCsv.write(dir.resolve("speedup_stack.csv"), report);
        StackJson.write(dir.resolve("speedup_stack.json"), report);
        Optional<byte[]> png = StackChart.write(dir, "speedup_stack", stacks, title);
        StackHtml.write(dir.resolve("speedup_stack.html"), report, png);
        ChartRendering.failure().ifPresent(f -> err.println(NumaLog.PREFIX + "speedup-stack: " + f));
        printTable(stdout, report, dir);
        if (ignored.isPresent()) {
            err.println(NumaLog.PREFIX + "speedup-stack: " + ignored.get());
            return BAD_INPUT;
        }
        return OK;
    }

    /**
     * The measurement's fixed start-up: an empty main run with and without JFR and the thread clock, medians of
     * {@code repeat} interleaved pairs; and the main thread's CPU time in the measured ones (JFR's start-up, which
     * runs there after the clock has started).
     */
    private static MeasurementStartup startupCost(ApplicationRunner runner, int repeat, Path runs)
            throws IOException, InterruptedException, ApplicationFailed {
        String classPath;
        try {
            // the packaged jar keeps its classes from -cp: the probe runs from their plain copy
            classPath = AgentJar.plainClasses(Path.of(StartupProbe.class.getProtectionDomain().getCodeSource()
                    .getLocation().toURI())).toString();
        } catch (java.net.URISyntaxException | SecurityException | NullPointerException e) {
            throw new IOException("cannot tell where speedup-stack's classes are, for the start-up probe", e);
        }
        List<String> args = List.of("-cp", classPath, StartupProbe.class.getName());
        long[] plain = new long[repeat];
        long[] measured = new long[repeat];
        long[] mainCpu = new long[repeat];
        for (int r = 0; r < repeat; r++) {
            String id = "probe-r" + (r + 1);
            plain[r] = checked(runner.run(new ApplicationRunner.Request(args, runs.resolve(id + "-plain.log"), null,
                    null)), PROBE).wallNs();
            ApplicationRunner.Result m = checked(runner.run(new ApplicationRunner.Request(args,
                    runs.resolve(id + ".log"), runs.resolve(id + ".jfr"), runs.resolve(id + "-clock.csv"))), PROBE);
            measured[r] = m.wallNs();
            mainCpu[r] = m.clockOutput() != null && Files.isRegularFile(m.clockOutput())
                    ? Math.max(0, ThreadClockReader.read(m.clockOutput()).mainNs()) : 0;
        }
        return new MeasurementStartup(Math.max(0, Stats.lowerMedian(measured) - Stats.lowerMedian(plain)),
                Stats.lowerMedian(mainCpu));
    }

    private static final String PROBE = "in the start-up probe (an empty main; check the java that runs it)";

    private static ApplicationRunner.Result checked(ApplicationRunner.Result r, String at) throws ApplicationFailed {
        if (r.failure() != null) {
            throw new ApplicationFailed(r.failure(), "it failed " + at + "; its output is in " + r.log());
        }
        return r;
    }

    private static Map<Integer, Long> medians(Map<Integer, List<Long>> values) {
        Map<Integer, Long> m = new TreeMap<>();
        values.forEach((n, list) -> m.put(n, Stats.lowerMedian(list.stream().mapToLong(Long::longValue).toArray())));
        return m;
    }

    /** What the stdout table's columns hold and in which units. */
    static final String LEGEND = String.join(System.lineSeparator(),
            "units: each component and time-sharing in speedup (x): a stack's components add up to its thread count",
            "  time-sharing  the part of 'other' that other processes' use of the CPUs explains (an upper bound)",
            "  cost%         measurement cost, % of wall time: the measured run's median wall time over the unmeasured run's,"
                    + " minus 1, start-up included",
            "  running%      the same without the measurement's fixed start-up: its cost while the application runs");

    static void printTable(PrintWriter out, StackReport report, Path dir) {
        out.printf(Locale.ROOT, "%-8s", "threads");
        for (Component c : Component.values()) {
            out.printf(Locale.ROOT, " %16s", c.label());
        }
        out.printf(Locale.ROOT, " %14s %10s %10s%n", "time-sharing", "cost%", "running%");
        for (SpeedupStack s : report.stacks()) {
            out.printf(Locale.ROOT, "%-8d", s.threads());
            for (Component c : Component.values()) {
                out.printf(Locale.ROOT, " %16.3f", s.speedup(c));
            }
            out.printf(Locale.ROOT, " %14.3f %10.1f %10.1f%n", s.timeSharing(), report.overheadPct(s.threads()),
                    report.runningOverheadPct(s.threads()));
        }
        out.println(LEGEND);
        out.println("written: " + dir.resolve("speedup_stack.csv") + ", .json, .svg, .png, .html");
        out.flush();
    }
}
