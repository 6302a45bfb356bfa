package com.numa.speedup;

import com.numa.core.log.NumaLog;
import com.numa.core.child.AgentJar;
import com.numa.core.child.TargetJava;

import com.numa.core.io.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
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
 * other), measured from user space: JFR for thread lifetimes, waits and GC pauses, PerfUtil's task-clock for each
 * thread's running time. The module's public surface is this command and {@link ApplicationRunner}.
 *
 * <p>Exit codes: 0 done; 1 the application or an output failed; 2 bad input, including an application whose run
 * time and thread count do not follow {@code {threads}} (the results are still written).
 */
@Command(name = "speedup-stack", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Speedup stack of a multi-threaded Java application: runs it at 1 thread (T_s) and at each N, "
                + "with and without JFR + PerfUtil, and splits N - T_s/T_p into gc, initialization, synchronization, "
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

    @Option(names = "--agent-jar", description = "numa-agent.jar for PerfUtil task-clock (default: the jar this command runs from, or "
            + "-Dnuma.agent.jar; without it, no per-thread running time).")
    Path agentJar;

    @Option(names = "--perfutil-interval", defaultValue = "100", paramLabel = "MS", description = "PerfUtil sampling "
            + "interval; threads shorter than this may get no running time (default: ${DEFAULT-VALUE}).")
    int perfUtilIntervalMs;

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
        } catch (RunPlan.BadInput e) {
            err.println(NumaLog.PREFIX + "speedup-stack: " + e.getMessage());
            return BAD_INPUT;
        }
        try {
            return run(plan, stdout, err);
        } catch (ApplicationFailed | IOException e) {
            err.println(NumaLog.PREFIX + "speedup-stack: " + e.getMessage());
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(NumaLog.PREFIX + "speedup-stack: interrupted");
            return FAILED;
        }
    }

    /** The application exited with an error: the stack of a failing run would be meaningless. */
    static final class ApplicationFailed extends Exception {
        ApplicationFailed(String message) {
            super(message);
        }
    }

    private int run(RunPlan plan, PrintWriter stdout, PrintWriter err)
            throws IOException, InterruptedException, ApplicationFailed {
        Path dir = out.toAbsolutePath();
        Path runs = dir.resolve("runs");
        Files.createDirectories(runs);
        Path jfc = dir.resolve("speedup.jfc");
        AtomicFiles.writeString(jfc, settingsFile());
        ApplicationRunner runner = injectedRunner != null ? injectedRunner : defaultRunner(err);
        long startup = startupCost(runner, plan.repeat(), runs, jfc);
        err.printf(Locale.ROOT, NumaLog.PREFIX + "speedup-stack: measurement start-up %.0f ms per JVM (empty main, with vs without)%n",
                startup / 1e6);
        Map<Integer, List<Long>> plainWalls = new TreeMap<>();
        Map<Integer, List<Long>> measuredWalls = new TreeMap<>();
        Map<Integer, List<RunSummary>> summaries = new TreeMap<>();
        // Interleaved (r outer, N inner, plain next to measured) so drift on a shared machine hits every column alike.
        for (int r = 1; r <= plan.repeat(); r++) {
            for (int n : plan.threadCounts()) {
                List<String> args = plan.argumentsFor(n);
                String id = "n" + n + "-r" + r;
                ApplicationRunner.Result plain = checked(runner.run(
                        new ApplicationRunner.Request(args, runs.resolve(id + "-plain.log"), null, null, null)), n);
                ApplicationRunner.Result measured = checked(runner.run(new ApplicationRunner.Request(args,
                        runs.resolve(id + ".log"), jfc, runs.resolve(id + ".jfr"), runs.resolve(id + "-perfutil.csv"))), n);
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
        StackReport report = new StackReport(javaArguments, plan.repeat(), stacks, plainMedian, measuredMedian, startup,
                ignored.stream().toList());
        StackCsv.write(dir.resolve("speedup_stack.csv"), report);
        StackJson.write(dir.resolve("speedup_stack.json"), report);
        byte[] png = StackChart.write(dir, "speedup_stack", stacks);
        StackHtml.write(dir.resolve("speedup_stack.html"), report, png);
        printTable(stdout, report, dir);
        if (ignored.isPresent()) {
            err.println(NumaLog.PREFIX + "speedup-stack: " + ignored.get());
            return BAD_INPUT;
        }
        return OK;
    }

    /**
     * The measurement's fixed start-up: an empty main run with and without JFR and the agent, medians of
     * {@code repeat} interleaved pairs.
     */
    private static long startupCost(ApplicationRunner runner, int repeat, Path runs, Path jfc)
            throws IOException, InterruptedException, ApplicationFailed {
        String classPath;
        try {
            classPath = Path.of(StartupProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (java.net.URISyntaxException | SecurityException | NullPointerException e) {
            throw new IOException("cannot tell where speedup-stack's classes are, for the start-up probe", e);
        }
        List<String> args = List.of("-cp", classPath, StartupProbe.class.getName());
        long[] plain = new long[repeat];
        long[] measured = new long[repeat];
        for (int r = 0; r < repeat; r++) {
            String id = "probe-r" + (r + 1);
            plain[r] = checked(runner.run(new ApplicationRunner.Request(args, runs.resolve(id + "-plain.log"), null,
                    null, null)), 0).wallNs();
            measured[r] = checked(runner.run(new ApplicationRunner.Request(args, runs.resolve(id + ".log"), jfc,
                    runs.resolve(id + ".jfr"), runs.resolve(id + "-perfutil.csv"))), 0).wallNs();
        }
        return Math.max(0, Medians.lower(measured) - Medians.lower(plain));
    }

    private static ApplicationRunner.Result checked(ApplicationRunner.Result r, int n) throws ApplicationFailed {
        if (r.exitCode() != 0) {
            throw new ApplicationFailed("the application exited with code " + r.exitCode() + " at " + n
                    + " thread(s); its output is in " + r.log());
        }
        return r;
    }

    private static Map<Integer, Long> medians(Map<Integer, List<Long>> values) {
        Map<Integer, Long> m = new TreeMap<>();
        values.forEach((n, list) -> m.put(n, Medians.lower(list.stream().mapToLong(Long::longValue).toArray())));
        return m;
    }

    private ApplicationRunner defaultRunner(PrintWriter err) {
        Path jar = agentJar;
        if (jar == null) {
            try {
                jar = AgentJar.packaged(SpeedupStackCommand.class);
            } catch (IllegalStateException notPackaged) {
                err.println(NumaLog.PREFIX + "speedup-stack: " + notPackaged.getMessage() + "; running without PerfUtil (no per-thread "
                        + "running time), or give --agent-jar");
                jar = null;
            }
        } else if (!Files.isRegularFile(jar)) {
            err.println(NumaLog.PREFIX + "speedup-stack: no agent jar at " + jar + " (build it with 'mvn -B -q package -DskipTests'); "
                    + "running without PerfUtil, so without per-thread running time");
            jar = null;
        }
        return new ChildJvmApplicationRunner(TargetJava.current(), jar == null ? null : jar.toAbsolutePath(),
                perfUtilIntervalMs);
    }

    static String settingsFile() throws IOException {
        try (InputStream in = SpeedupStackCommand.class.getResourceAsStream("speedup.jfc")) {
            if (in == null) {
                throw new IOException("speedup.jfc is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void printTable(PrintWriter out, StackReport report, Path dir) {
        out.printf(Locale.ROOT, "%-8s", "threads");
        for (Component c : Component.values()) {
            out.printf(Locale.ROOT, " %16s", c.label());
        }
        out.printf(Locale.ROOT, " %10s %10s%n", "cost%", "running%");
        for (SpeedupStack s : report.stacks()) {
            out.printf(Locale.ROOT, "%-8d", s.threads());
            for (Component c : Component.values()) {
                out.printf(Locale.ROOT, " %16.3f", s.speedup(c));
            }
            out.printf(Locale.ROOT, " %10.1f %10.1f%n", report.overheadPct(s.threads()),
                    report.runningOverheadPct(s.threads()));
        }
        out.println("written: " + dir.resolve("speedup_stack.csv") + ", .json, .svg, .png, .html");
        out.flush();
    }
}
