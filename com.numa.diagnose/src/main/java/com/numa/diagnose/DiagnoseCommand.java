package com.numa.diagnose;

import com.numa.core.child.ApplicationFailure;
import com.numa.core.child.ChildJvm;
import com.numa.core.child.ChildRun;
import com.numa.core.child.TargetJava;
import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagValues;
import com.numa.core.io.OutputPaths;
import com.numa.profiler.IssuesFile;
import com.numa.profiler.ProfilerFlags;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code numa diagnose [--top N] [--exact] [--out DIR] [NUMA flags] -- <java arguments>}: runs the application once
 * under the profiler with its sharing diagnosis on ({@code -XX:+NUMAProfiler -XX:+NUMAProfilerDiagnose}, see
 * {@code com.numa.profiler.sharing.SharingDiagnosis}), then prints the ranked issues of {@code DIR/issues.csv}. The
 * application's own output goes to this terminal as it runs; when it fails, its
 * {@link ApplicationFailure} (exit code, last lines on stderr) comes before anything else this command prints.
 *
 * <p>By default one field and element access in {@value #DEFAULT_SAMPLING} per thread is followed
 * ({@code -XX:NUMAProfilerSampling}) and the counts are scaled estimates, which the output says; {@code --exact}
 * follows every access. Following every access is what made a diagnosis cost 100 times the program's own time: the
 * word-level model of each access, and the model's own cache lines that every thread writes, cost hundreds of
 * nanoseconds an access (bench/results/2026-12-02-diagnose-cost.md).
 *
 * <p>Exit code: the application's when it failed; else 0 when the diagnosis was written, 1 when it was not (the
 * application did not start, or was killed before its exit); 2 for bad usage (one line naming the problem), 126 when
 * java cannot be started.
 */
@Command(name = "diagnose", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Diagnose an application's NUMA issues as NumaPerf does, in Java terms: false and true sharing per "
                + "field or array element, data to duplicate per node, remote accesses, thread migration and imbalance, "
                + "each with a score and the fix to try. Runs the application once under the profiler and prints the ranked issues.",
            "",
            "By default one field or element access in " + DiagnoseCommand.DEFAULT_SAMPLING + " per thread is followed "
                    + "and the counts are estimates (the output says so): the run costs a few seconds of start-up "
                    + "(the JDK's collections and atomics are instrumented) plus up to about 3 times the program's own "
                    + "time. --exact follows every access, as -XX:NUMAProfilerSampling=1 does: exact counts, at tens "
                    + "to hundreds of times the program's time. -XX:NUMAProfilerSampling=N chooses another rate.",
            "",
            "  numa diagnose -- -cp app.jar com.example.Main",
            "  numa diagnose --top 5 -XX:NUMATopology=2 -XX:NUMAProfilerInclude=com.example.** -- -jar app.jar",
            "",
            "NUMA flags (-XX:NUMATopology, -XX:NUMAProfiler..., e.g. -XX:NUMAProfilerDiagnoseThresholds=false-sharing=1) "
                    + "may come before '--' or among the java options; the profile, issues.csv included, goes to --out."},
        customSynopsis = "numa diagnose [--top N] [--exact] [--out DIR] [NUMA flags] -- <java arguments as numa vm takes "
                + "them>")
public final class DiagnoseCommand implements Callable<Integer> {
    public static final int USAGE = 2;
    public static final int NO_DIAGNOSIS = 1;
    public static final int CANNOT_START = 126;
    /** One access in this many per thread is followed unless --exact or -XX:NUMAProfilerSampling says otherwise. */
    public static final int DEFAULT_SAMPLING = 1024;

    @Option(names = "--top", paramLabel = "N", description = "issues to print (default: ${DEFAULT-VALUE})")
    private int top = 10;

    @Option(names = "--exact", description = "follow every access (exact counts, tens to hundreds of times "
            + "slower than the default of one access in " + DEFAULT_SAMPLING + ")")
    private boolean exact;

    @Option(names = "--out", paramLabel = "DIR", description = "the profile's directory: issues.csv, summary.json, "
            + "sites.csv, ... (default: ${DEFAULT-VALUE})")
    private Path out = Path.of("numa-diagnosis");

    @Parameters(paramLabel = "JAVA_ARGS", description = "after --: the application, as numa vm takes it")
    private List<String> javaArgs = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    private final Map<String, String> env;
    private final LaunchSupport support;

    public DiagnoseCommand(Map<String, String> env, LaunchSupport support) {
        this.env = env;
        this.support = support;
    }

    /**
     * Picocli hands unknown options over as parameters (so that -XX: flags reach us); before '--' only NUMA flags may
     * be among them: the first other one, or null.
     */
    private String strayBeforeDelimiter() {
        List<String> original = spec.commandLine().getParseResult() == null ? List.of()
                : spec.commandLine().getParseResult().originalArgs();
        int delimiter = original.indexOf("--");
        if (delimiter < 0) {
            return null;
        }
        int before = javaArgs.size() - (original.size() - delimiter - 1);
        for (String a : javaArgs.subList(0, Math.max(0, before))) {
            if (!support.split(List.of(a)).get(1).isEmpty()) {
                return a;
            }
        }
        return null;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        if (javaArgs.isEmpty()) {
            err.println("numa: diagnose: no application given: put the java arguments after '--', e.g. "
                    + "numa diagnose -- -cp app.jar com.example.Main");
            return USAGE;
        }
        if (top < 1) {
            err.println("numa: diagnose: --top must be at least 1, not " + top);
            return USAGE;
        }
        String stray = strayBeforeDelimiter();
        if (stray != null) {
            err.println("numa: diagnose: unknown option '" + stray + "': before '--' come --top, --out and NUMA -XX: "
                    + "flags, the java arguments after it (see 'numa diagnose --help')");
            return USAGE;
        }
        List<List<String>> split = support.split(javaArgs);
        List<String> java = split.get(1);
        if (java.isEmpty()) {
            err.println("numa: diagnose: no application given after the NUMA flags: add the java arguments, e.g. "
                    + "-cp app.jar com.example.Main");
            return USAGE;
        }
        Path dir = out.toAbsolutePath();
        Optional<String> unwritable = OutputPaths.optionProblem("--out", dir, true);
        if (unwritable.isPresent()) {
            err.println("numa: diagnose: " + unwritable.get());
            return USAGE;
        }
        List<String> numa = new ArrayList<>();
        numa.add("-XX:+" + ProfilerFlags.QUIET.name()); // this command prints the issues itself
        // what the program touches, the JDK's collections and atomics included (the user's flags may narrow it)
        numa.add("-XX:" + ProfilerFlags.COVERAGE.name() + "=" + ProfilerFlags.Coverage.PROGRAM.name().toLowerCase(Locale.ROOT));
        numa.addAll(split.get(0));
        numa.add("-XX:+" + ProfilerFlags.ENABLE.name());
        numa.add("-XX:+" + ProfilerFlags.DIAGNOSE.name());
        numa.add("-XX:" + ProfilerFlags.OUTPUT.name() + "=" + dir);
        FlagValues flags;
        try {
            flags = support.parse(numa);
            if (!flags.isSet(ProfilerFlags.SAMPLING)) {
                numa.add("-XX:" + ProfilerFlags.SAMPLING.name() + "=" + (exact ? 1 : DEFAULT_SAMPLING));
                flags = support.parse(numa);
            }
        } catch (FlagException e) {
            err.println("numa: " + e.getMessage());
            return USAGE;
        }
        if (exact && flags.get(ProfilerFlags.SAMPLING) != 1) {
            err.println("numa: diagnose: --exact follows every access: leave out -XX:" + ProfilerFlags.SAMPLING.name()
                    + "=" + flags.get(ProfilerFlags.SAMPLING) + ", or --exact");
            return USAGE;
        }
        Path agent = support.agentJarIfReady(flags, err);
        if (agent == null) {
            return USAGE;
        }
        Path issues = dir.resolve(IssuesFile.NAME);
        try {
            Files.deleteIfExists(issues); // so that a run that writes none is not shown the last one's
        } catch (IOException e) {
            err.println("numa: diagnose: cannot replace " + issues + ": " + e.getMessage() + " (choose another --out)");
            return USAGE;
        }
        ChildJvm child = ChildJvm.on(TargetJava.resolve(env, System.getProperty("java.home"))).agent(agent, flags.toArgs())
                .launch(java);
        ChildRun run;
        try {
            run = child.runOnTerminal();
        } catch (IOException e) {
            err.println("numa: diagnose: cannot start " + child.command().get(0) + ": " + e.getMessage()
                    + " (check JAVA_HOME)");
            return CANNOT_START;
        }
        int exit = run.exitCode();
        // the user saw the application's stderr go by, but a failure is still the first thing we say
        ApplicationFailure.of(run).ifPresent(f -> f.lines().forEach(l -> err.println("numa: diagnose: " + l)));
        err.flush();
        if (!Files.isRegularFile(issues)) {
            err.println("numa: diagnose: no diagnosis was written to " + dir + " (the application exited " + exit
                    + " before the profiler's exit hook ran, or did not start)");
            return exit != 0 ? exit : NO_DIAGNOSIS;
        }
        try {
            List<Map<String, String>> rows = IssueList.read(issues);
            stdout.printf("numa diagnose: %d issue%s in %s%s%n", rows.size(), rows.size() == 1 ? "" : "s", issues,
                    rows.isEmpty() ? " (none reached its threshold; summary.json lists every tracked site)"
                            : rows.size() > top ? ", the first " + top + ":" : ":");
            int sampling = flags.get(ProfilerFlags.SAMPLING);
            if (sampling > 1) {
                stdout.printf("numa diagnose: %s (--exact follows every access)%n", IssuesFile.samplingNote(sampling));
            }
            stdout.print(IssueList.format(rows, top));
            stdout.flush();
        } catch (IOException | RuntimeException e) {
            err.println("numa: diagnose: cannot read " + issues + ": " + e.getMessage());
            return exit != 0 ? exit : NO_DIAGNOSIS;
        }
        return exit;
    }
}
